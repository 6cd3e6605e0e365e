export * from './bank-transfer';
export * from './bank-format';
export * from './bank-format-presets';
