export * from './presets';
export * from './sniff';
export * from './transform';
