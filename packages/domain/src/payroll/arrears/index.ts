export * from './arrears';
export * from './lop-adjustments';
