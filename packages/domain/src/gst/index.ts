export * from './states';
export * from './gstin';
export * from './totals';
export * from './hsn';
