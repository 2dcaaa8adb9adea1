/** PUT /api/profile, checked by its schema in libs/contracts (profiles.ts). */
export type { UpdateProfileBody as UpdateProfileDto } from '@javelin/contracts';
