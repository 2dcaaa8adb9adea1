/**
 * The answer types the OpenAPI document describes (openapi/responses.ts) that libs/contracts does not
 * state as zod schemas yet (those it does are in its ResponseSchemas registry): the types the web reads
 * the answers as. Their JSON Schemas are generated from this file by
 * ts-json-schema-generator into response-schemas.generated.ts (UPDATE_OPENAPI=1 on
 * test/contract/openapi.integration-spec.ts), and the fuzz suite validates every 2xx body against them.
 */
export type {
  Contest,
  ContestLeaderboardEntry,
  ContestRatingLeaderboardEntry,
  ExecuteCodeResponse,
  ExpectedOutputResponse,
  ImportPackageResponse,
  Problem,
  ProblemLeaderboardEntry,
  RejudgeProgress,
  RunCustomResponse,
  SolvedProblemEntry,
  SubmissionDetail,
  SubmissionPage,
  TestCase,
  ValidateTestsResponse,
  VirtualRun,
  VirtualRunState,
  VerifyPackageResponse,
  VirtualStandings,
} from '@javelin/contracts';
