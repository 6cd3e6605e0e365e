export * from './arrears';
export * from './lop-adjustments';
export * from './excluded-pay';
export * from './wage-corrections';
