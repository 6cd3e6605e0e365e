export * from './formula';
export * from './salary-structure';
export * from './tax-estimate';
