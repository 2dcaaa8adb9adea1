import { z } from 'zod';
import { FieldSentences, requiredUuid, uuidField } from './request-rules';
import { ROLES } from './roles';

/** POST /api/admin/users: give a user a role. */
export const grantRoleSchema = z.strictObject({
  userId: requiredUuid('userId'),
  role: z.enum(ROLES, { error: FieldSentences.oneOf('role', ROLES) }),
});

/** POST /api/admin/rejudge: a problem's submits again; left out contestId, its practice submits. */
export const rejudgeSchema = z.strictObject({
  problemId: requiredUuid('problemId'),
  contestId: uuidField('contestId').optional(),
});

export type GrantRoleBody = z.output<typeof grantRoleSchema>;
export type RejudgeBody = z.output<typeof rejudgeSchema>;
/** POST /api/admin/rejudge → 202: the job to follow (GET /api/admin/rejudge/:jobId). */
export const rejudgeStartedSchema = z.object({ jobId: z.uuid() });
