export * from './balance';
export * from './policy';
