export * from './bank-transfer';
