export * from './pay-period';
export * from './payable-days';
