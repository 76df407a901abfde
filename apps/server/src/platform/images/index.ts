export * from './sniff';
export * from './transform';
