export * from './platform';
export * from './people';
export * from './attendance';
export * from './payroll';
export * from './tax-declarations';
export * from './preferences';
