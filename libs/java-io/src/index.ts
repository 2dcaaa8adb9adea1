export * from './boilerplate';
export * from './identifiers';
export * from './values';
export * from './java-source';
export * from './typed-values';
export * from './generators';
