export * from './platform';
export * from './people';
export * from './attendance';
export * from './payroll';
export * from './payroll-filings';
