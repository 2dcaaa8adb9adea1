/**
 * Type-level test, run by `nx run api:typecheck`: the request types the web sends (libs/contracts)
 * fit the client types generated from the published document (api-paths.ts), and the document's
 * error shape is the ApiError the web reads. A field renamed, retyped or made required on one side
 * only fails the typecheck here.
 */
import type {
  ApiError,
  Contest,
  ExecuteCodeResponse,
  MeResponse,
  Problem,
  Profile,
  SubmissionPage,
  TokenResponse,
  CreateContestRequest,
  CreateSuperAdminRequest,
  DebugHelpRequest,
  ExecuteCodeRequest,
  ExpectedOutputRequest,
  GoogleLoginRequest,
  LoginRequest,
  ProblemForm,
  RegisterRequest,
  RunCustomRequest,
  SolveRequest,
  SubmissionRequest,
  UpdateProfileRequest,
  ValidateDraftRequest,
} from '@javelin/contracts';
import type { paths } from './api-paths';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = Json<
  NonNullable<paths[P][M] extends { requestBody?: infer R } ? R : never>
>;
type Query<P extends keyof paths, M extends keyof paths[P]> = NonNullable<
  paths[P][M] extends { parameters: { query?: infer Q } } ? Q : never
>;
type Refusal<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { '4XX': infer R };
}
  ? Json<R>
  : never;

type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;

/** True only when A is assignable to B, and neither is `never` (a missing body would pass vacuously). */
type Fits<A, B> = [A] extends [never] ? false : [B] extends [never] ? false : [A] extends [B] ? true : false;
type Same<A, B> = Fits<A, B> extends true ? Fits<B, A> : false;
type Holds<T extends true> = T;

export type WebRequestsFitTheContract = [
  Holds<Fits<RegisterRequest, Body<'/api/auth/register', 'post'>>>,
  Holds<Fits<LoginRequest, Body<'/api/auth/login', 'post'>>>,
  Holds<Fits<LoginRequest, Body<'/api/auth/manual-login', 'post'>>>,
  Holds<Fits<{ email: string }, Body<'/api/auth/forgot-password', 'post'>>>,
  Holds<Fits<{ token: string; newPassword: string }, Body<'/api/auth/reset-password', 'post'>>>,
  Holds<Fits<{ token: string }, Body<'/api/auth/verify-email', 'post'>>>,
  Holds<Fits<CreateSuperAdminRequest, Body<'/api/auth/create-super-admin', 'post'>>>,
  Holds<Fits<GoogleLoginRequest, Body<'/api/auth/google', 'post'>>>,
  Holds<Fits<ProblemForm, Body<'/api/problems', 'post'>>>,
  Holds<Fits<ProblemForm, Body<'/api/problems/{id}', 'put'>>>,
  Holds<Fits<ValidateDraftRequest, Body<'/api/problems/validate', 'post'>>>,
  Holds<Fits<ExpectedOutputRequest, Body<'/api/problems/expected-output', 'post'>>>,
  Holds<Fits<CreateContestRequest, Body<'/api/contests', 'post'>>>,
  Holds<Fits<ExecuteCodeRequest, Body<'/api/execute-code', 'post'>>>,
  Holds<Fits<RunCustomRequest, Body<'/api/run-custom', 'post'>>>,
  Holds<Fits<SubmissionRequest, Body<'/api/submissions', 'post'>>>,
  Holds<Fits<SolveRequest, Body<'/api/solve', 'post'>>>,
  Holds<Fits<UpdateProfileRequest, Body<'/api/profiles/me', 'put'>>>,
  Holds<Fits<DebugHelpRequest, Body<'/api/debug-help', 'post'>>>,
  Holds<
    Fits<
      { problemId?: string; contestId?: string; limit?: number; offset?: number },
      Query<'/api/submissions', 'get'>
    >
  >,
  Holds<Fits<{ limit?: number; offset?: number }, Query<'/api/leaderboard/problems', 'get'>>>,
  Holds<Same<ApiError, Refusal<'/api/auth/login', 'post'>>>,
  // What the document says a route answers is what the web reads it as.
  Holds<Same<Answer<'/api/auth/login', 'post', 200>, TokenResponse>>,
  Holds<Same<Answer<'/api/auth/me', 'get', 200>, MeResponse>>,
  Holds<Same<Answer<'/api/problems/{id}', 'get', 200>, Problem>>,
  Holds<Same<Answer<'/api/problems', 'get', 200>, Problem[]>>,
  Holds<Same<Answer<'/api/contests/{id}', 'get', 200>, Contest>>,
  Holds<Same<Answer<'/api/execute-code', 'post', 200>, ExecuteCodeResponse>>,
  Holds<Same<Answer<'/api/submissions', 'get', 200>, SubmissionPage>>,
  Holds<Same<Answer<'/api/profiles/me', 'get', 200>, Profile>>,
];

// The checks must be able to fail: a wrong type does not fit.
export type TheChecksCanFail = [
  Holds<Fits<Fits<{ email: number; password: string }, Body<'/api/auth/login', 'post'>>, false>>,
  Holds<Fits<Fits<{ code: string }, Body<'/api/execute-code', 'post'>>, false>>,
  Holds<Fits<Fits<LoginRequest, Body<'/api/auth/me', 'get'>>, false>>,
  Holds<Fits<Same<Answer<'/api/auth/me', 'get', 200>, TokenResponse>, false>>,
];
