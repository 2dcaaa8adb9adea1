/** POST /api/organizations, checked by its schema in libs/contracts (profiles.ts). */
export type { CreateOrganizationBody as CreateOrganizationDto } from '@javelin/contracts';
