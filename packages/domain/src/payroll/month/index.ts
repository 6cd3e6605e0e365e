export * from './types';
export * from './compute-month';
export * from './from-structure';
export * from './wage-lines';
