export * from './types';
export * from './compute-month';
export * from './from-structure';
