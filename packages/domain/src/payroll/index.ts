export * from './structure/index';
export * from './periods/index';
export * from './month/index';
export * from './arrears/index';
export * from './settlement/index';
export * from './bank/index';
export * from './filings/index';
export * from './loans/index';
