export * from './structure/index';
export * from './periods/index';
export * from './month/index';
