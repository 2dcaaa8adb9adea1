// class-transformer ships its metadata storage (which class-validator-jsonschema reads for @Type) without
// typings at the path Node resolves; its typings live under types/.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
