export * from './schedule';
export * from './perquisite';
