import type { z } from 'zod';
import { grantRoleSchema, rejudgeSchema } from './admin';
import { analyzeCodeSchema, debugHelpSchema } from './ai';
import {
  createSuperAdminSchema,
  emailSchema,
  googleLoginSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from './auth';
import {
  answerClarificationSchema,
  askClarificationSchema,
  createAnnouncementSchema,
} from './clarifications';
import { createContestSchema } from './contests';
import { executeCodeSchema, runCustomSchema } from './execution';
import { startPlagiarismSchema } from './plagiarism';
import { solveSchema, submissionSchema } from './practice';
import { expectedOutputSchema, problemBodySchema, validateDraftSchema } from './problems';
import { createOrganizationSchema, updateProfileSchema } from './profiles';

/**
 * Every request body's schema by the name the OpenAPI document lists it under (the names the bodies
 * have always had there). The schemas themselves live in their feature's file beside its types.
 */
export const RequestSchemas = {
  AnalyzeCodeDto: analyzeCodeSchema,
  AnswerClarificationDto: answerClarificationSchema,
  AskClarificationDto: askClarificationSchema,
  CreateAnnouncementDto: createAnnouncementSchema,
  CreateContestDto: createContestSchema,
  CreateOrganizationDto: createOrganizationSchema,
  CreateSuperAdminDto: createSuperAdminSchema,
  DebugHelpDto: debugHelpSchema,
  EmailDto: emailSchema,
  ExecuteCodeDto: executeCodeSchema,
  ExpectedOutputDto: expectedOutputSchema,
  GoogleLoginDto: googleLoginSchema,
  GrantRoleDto: grantRoleSchema,
  LoginDto: loginSchema,
  // A function problem's form or a classic one's (issue 29), under the name the form always had.
  ProblemFormDto: problemBodySchema,
  RegisterDto: registerSchema,
  RejudgeDto: rejudgeSchema,
  ResetPasswordDto: resetPasswordSchema,
  RunCustomDto: runCustomSchema,
  SolveDto: solveSchema,
  StartPlagiarismDto: startPlagiarismSchema,
  SubmissionDto: submissionSchema,
  TokenDto: tokenSchema,
  UpdateProfileDto: updateProfileSchema,
  ValidateDraftDto: validateDraftSchema,
} as const satisfies Record<string, z.ZodType>;
