export * from './effective-dated';
export * from './states';
export * from './epf';
export * from './esi';
export * from './professional-tax';
export * from './labour-welfare-fund';
export * from './code-wages';
