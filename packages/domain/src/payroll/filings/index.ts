export * from './common';
export * from './names';
export * from './ecr';
export * from './esic';
export * from './state-levies';
export * from './journal';
export * from './form24q';
