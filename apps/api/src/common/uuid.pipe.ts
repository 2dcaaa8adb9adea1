/** A path id must be a UUID: anything else is a 400 that names the parameter (common/zod.ts). */
export { uuidParam } from './zod';
