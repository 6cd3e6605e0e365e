export * from './platform';
export * from './people';
export * from './attendance';
export * from './payroll';
export * from './salary-revisions';
export * from './settlements';
export * from './tax-declarations';
export * from './preferences';
