export * from './harness';
export * from './images';
export * from './migrations';
export * from './pdfs';
export * from './zips';
export * from './payroll-months';
