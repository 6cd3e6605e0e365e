export * from './structure/index';
export * from './periods/index';
export * from './month/index';
export * from './filings/index';
