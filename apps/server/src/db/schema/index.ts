export * from './activities';
export * from './communities';
export * from './events';
export * from './feeds';
export * from './identity';
export * from './media';
export * from './messages';
export * from './social';
