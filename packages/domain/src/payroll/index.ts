export * from './structure/index';
export * from './periods/index';
