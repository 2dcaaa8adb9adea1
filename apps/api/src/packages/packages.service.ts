import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CLASSIC_LIMITS,
  POINTS_BY_DIFFICULTY,
  DEFAULT_PROBLEM_POINTS,
  type ImportPackageResponse,
  isAdminRoles,
  type JudgeTestResult,
  type JurySubmissionVerdict,
  PackageMessages,
  ServerMessages,
  type TimeLimitBasis,
  type Verdict,
  type VerifyPackageResponse,
} from '@javelin/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ENV, Env } from '../config/env';
import { ContestsService } from '../contests/contests.service';
import { JudgeClient } from '../execution/judge-client.service';
import { buildJudgeJob } from '../execution/judge-job';
import { ImageLinks } from '../problems/image-links';
import type { Problem } from '../problems/problem.entity';
import { ProblemsRepository } from '../problems/problems.repository';
import { CLASSIC_STARTER_CODE } from '../problems/classic-problem-form';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import { TestCase } from '../problems/test-case.entity';
import type { AuthUser } from '../users/users.service';
import { JurySubmission, ProblemImage } from './package-files.entity';
import type { ReadPackage } from './package-reader';
import { PackageReaderThread } from './package-reader-thread';
import { imageUrlPrefix, writePackage } from './package-writer';
import { limitFromJury, type TimingRule } from './timing';
import { withoutIgnored, withoutTopFolder } from './package-reader/files';
import { readZip, writeZip } from './zip';

/** Problem packages (issue 29): import a zip as a classic problem, verify its jury submissions, export a problem. */
@Injectable()
export class PackagesService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    @InjectDataSource() private readonly db: DataSource,
    private readonly problems: ProblemsService,
    private readonly repository: ProblemsRepository,
    private readonly contests: ContestsService,
    private readonly queue: JudgeClient,
    private readonly links: ImageLinks,
    private readonly reader: PackageReaderThread,
  ) {}

  /**
   * Reads the zip (bounded: size, entries, uncompressed bytes) and stores the problem, its tests, jury
   * submissions and images in one transaction: a bad package leaves nothing behind.
   */
  async importPackage(
    zip: Buffer,
    author: AuthUser | null,
    packageName?: string,
    publish = false,
  ): Promise<ImportPackageResponse> {
    // Read on a thread of its own: unzipping, YAML and the statement's conversion never hold up other requests.
    const read = await this.reader.read(zip, packageName);
    const identity = await identityOfUpload(zip, packageName, read.timeLimitMs);
    const id = randomUUID();
    await this.db.transaction(async (m) => {
      await storePackage(m, this.repository, id, read, author?.id ?? null, { isVisible: publish });
      // After its tests (their trigger forgets it); a limit timed from the jury below is an edit that does too.
      if (identity) await m.query(`UPDATE problems SET package_hash = $2 WHERE id = $1`, [id, identity]);
    });
    const warnings = [...read.warnings];
    if (read.timing) warnings.push(...(await this.timeFromJury(id, read.timing)));
    this.problems.problemsChanged();
    return { _id: id, title: read.title, kind: 'stdio', warnings, isVisible: publish };
  }

  /**
   * A package without a time limit (issue 42): its accepted Java jury submissions are judged on every test
   * as contestants will be, their slowest test sets the limit by the format's rule (timing.ts), and each
   * time_limit_exceeded submission is judged at the safety margin, which it must still exceed. What was
   * done is said in the import's warnings and kept as the problem's timeLimitBasis (its admin page).
   */
  private async timeFromJury(id: string, rule: TimingRule): Promise<string[]> {
    const jury = await this.db
      .getRepository(JurySubmission)
      .find({ where: { problemId: id }, order: { path: 'ASC' } });
    const only = (v: Verdict) => (j: JurySubmission) => j.expected.length === 1 && j.expected[0] === v;
    const accepted = jury.filter(only('accepted'));
    if (accepted.length === 0) return [PackageMessages.noAcceptedToTime(CLASSIC_LIMITS.defaultTimeLimitMs)];
    const warnings: string[] = [];
    let slowest: { ms: number; path: string } | null = null;
    for (const submission of accepted) {
      const judged = await this.judgeJury(id, submission, TIMING_CAP_MS / this.env.judgeTimeScale);
      if (judged.verdict !== 'accepted') {
        warnings.push(PackageMessages.acceptedNotAccepted(submission.path, judged.verdict));
        continue;
      }
      if (!slowest || judged.maxTimeMs > slowest.ms)
        slowest = { ms: judged.maxTimeMs, path: submission.path };
    }
    if (!slowest) return [...warnings, PackageMessages.noAcceptedToTime(CLASSIC_LIMITS.defaultTimeLimitMs)];
    const limit = limitFromJury(rule, slowest.ms, this.env.judgeTimeScale);
    const basis: TimeLimitBasis = {
      rule: limit.rule,
      slowestMs: slowest.ms,
      slowestPath: slowest.path,
      limitMs: limit.limitMs,
      marginMs: limit.marginMs,
    };
    await this.db.query(`UPDATE problems SET time_limit_ms = $2, time_limit_basis = $3 WHERE id = $1`, [
      id,
      limit.limitMs,
      JSON.stringify(basis),
    ]);
    for (const submission of jury.filter(only('time_limit_exceeded'))) {
      const judged = await this.judgeJury(id, submission, limit.marginMs);
      if (judged.verdict !== 'time_limit_exceeded')
        warnings.push(PackageMessages.tleWithinMargin(submission.path, judged.verdict, limit.marginMs));
    }
    warnings.push(
      PackageMessages.timeLimitFromJury(limit.limitMs, slowest.ms, slowest.path, limit.rule, limit.marginMs),
    );
    return warnings;
  }

  /** One jury submission judged on every test with the time limit `timeLimitMs` (stored units, before the scale). */
  private async judgeJury(
    problemId: string,
    submission: Pick<JurySubmission, 'code' | 'path' | 'files'>,
    timeLimitMs: number,
  ): Promise<{ verdict: Verdict; maxTimeMs: number }> {
    const problem = { ...(await this.problems.requireProblem(problemId)), timeLimitMs };
    const tests = await this.problems.testsForJudging(problem, true);
    const outcome = await this.queue.requestJudgement(
      buildJudgeJob({
        purpose: 'submit',
        problem,
        tests,
        code: submission.code,
        ...(submission.files ? { files: submission.files } : {}),
        limits: this.env.judgeLimits,
        timeScale: this.env.judgeTimeScale,
        requestId: `timing-${problemId}-${submission.path}`,
      }),
    );
    return { verdict: outcome.verdict, maxTimeMs: slowestTest(outcome.results) };
  }

  /** Judges each jury submission on every test (examples first) and compares its verdict with what its folder allows. */
  async verify(problemId: string, requestId: string = randomUUID()): Promise<VerifyPackageResponse> {
    const problem = await this.problems.requireProblem(problemId);
    const jury = await this.db
      .getRepository(JurySubmission)
      .find({ where: { problemId }, order: { path: 'ASC' } });
    if (jury.length === 0) throw new BadRequestException(PackageMessages.noJurySubmissions);
    const tests = await this.problems.testsForJudging(problem, true);
    if (tests.length === 0) throw new BadRequestException(ServerMessages.noTestCases);
    const submissions: JurySubmissionVerdict[] = [];
    // One at a time: a verification must not take every judge away from the contestants.
    for (const [i, submission] of jury.entries()) {
      const outcome = await this.queue.requestJudgement(
        buildJudgeJob({
          purpose: 'validate',
          problem,
          tests,
          code: submission.code,
          ...(submission.files ? { files: submission.files } : {}),
          limits: this.env.judgeLimits,
          timeScale: this.env.judgeTimeScale,
          requestId: `${requestId}-${i}`,
        }),
      );
      const feedback = decidingFeedback(tests, outcome.results);
      submissions.push({
        path: submission.path,
        expected: submission.expected,
        verdict: outcome.verdict,
        ok: submission.expected.includes(outcome.verdict),
        ...(feedback ? { feedback } : {}),
        maxTimeMs: slowestTest(outcome.results),
        timeLimitMs: Math.ceil(
          (problem.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs) * this.env.judgeTimeScale,
        ),
      });
    }
    return { submissions };
  }

  /** The problem as a 2023-07 package zip, with the file name to offer. */
  async exportPackage(problemId: string): Promise<{ zip: Buffer; fileName: string }> {
    const problem = await this.problems.requireProblem(problemId);
    const [tests, jury, images] = await Promise.all([
      this.db.getRepository(TestCase).find({ where: { problemId }, order: { position: 'ASC' } }),
      this.db.getRepository(JurySubmission).find({ where: { problemId }, order: { path: 'ASC' } }),
      this.db.getRepository(ProblemImage).find({ where: { problemId }, order: { name: 'ASC' } }),
    ]);
    const zip = await writeZip(writePackage({ problem, tests, jury, images }));
    return { zip, fileName: `${packageNameOf(problem)}.zip` };
  }

  /**
   * A statement image, to whoever may read the statement: the problem is visible, the viewer is an
   * admin, the link is signed (ImageLinks: the statement's links are, for whoever was given it; an
   * `<img>` sends no Authorization header), or the contest named by `contestId` lets the viewer read it.
   * A forged or expired signature is no access: a hidden problem's image is then a 404, as if absent.
   */
  async image(
    problemId: string,
    name: string,
    viewer: AuthUser | undefined,
    access: { contestId?: string; signature?: { exp: string; sig: string } },
  ): Promise<Pick<ProblemImage, 'contentType' | 'data'>> {
    const problem = await this.problems.requireProblem(problemId);
    const signed =
      access.signature && this.links.verify(problemId, access.signature.exp, access.signature.sig);
    if (!problem.isVisible && !isAdminRoles(viewer?.roles) && !signed) {
      if (!access.contestId) throw new NotFoundException(PROBLEM_NOT_FOUND);
      await this.contests.problem(access.contestId, problemId, viewer);
    }
    // A name the format could not have written (NUL, slashes, 2000 characters) is simply no image of it.
    const image = IMAGE_NAME.test(name)
      ? await this.db.getRepository(ProblemImage).findOne({ where: { problemId, name } })
      : null;
    if (!image) throw new NotFoundException(PackageMessages.imageNotFound(name));
    return image;
  }
}

/**
 * Issue 43: "a problem already in Javelin under the same package may be reused". A package's identity
 * is its short name (its id in a contest's problems.yaml, or the name of the zip imported alone), its
 * files byte for byte as the reader sees them (zipped or unpacked, with or without its top folder), and
 * the time limit it is stored with before any jury timing (a contest's problems.yaml may set it). Kept
 * in problems.package_hash (migration ProblemPackageHash forgets it once the problem is edited) for a
 * later contest package to reuse the problem (contest-packages/problem-reuse.ts).
 */
export function packageIdentity(
  name: string,
  given: ReadonlyMap<string, Buffer>,
  timeLimitMs: number | null,
): string {
  const files = withoutTopFolder(withoutIgnored(given));
  const hash = createHash('sha256');
  const field = (text: string) => hash.update(`${Buffer.byteLength(text)}:${text}\n`);
  field('javelin problem package v2');
  field(name);
  field(timeLimitMs === null ? '' : String(timeLimitMs));
  for (const path of [...files.keys()].sort()) {
    const bytes = files.get(path)!;
    field(path);
    hash.update(`${bytes.length}:`).update(bytes).update('\n');
  }
  return hash.digest('hex');
}

/**
 * The identity of a package imported alone, named by its upload's file name or else its top folder;
 * a zip sent bare with neither has no short name, and so no identity to be reused by.
 */
async function identityOfUpload(
  zip: Buffer,
  uploadName: string | undefined,
  timeLimitMs: number | null,
): Promise<string | null> {
  const files = withoutIgnored(await readZip(zip));
  const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  const top = tops.size === 1 && !tops.has('') ? [...tops][0] : undefined;
  const name = uploadName ?? top;
  return name ? packageIdentity(name, files, timeLimitMs) : null;
}

/** How long a jury submission may run per test while it is timed (the limit it sets can be no larger). */
const TIMING_CAP_MS = CLASSIC_LIMITS.maxTimeLimitMs / 4;

/** A judgement's slowest test: its CPU time where the judge measured it, else its time. */
function slowestTest(results: readonly Pick<JudgeTestResult, 'executionTime' | 'cpuTimeMs'>[]): number {
  return Math.round(Math.max(0, ...results.map((r) => r.cpuTimeMs ?? r.executionTime)));
}

/**
 * Stores a read package as a classic problem with id `id` (its tests, jury submissions and images) within
 * the caller's transaction; the first accepted jury submission becomes the reference solution.
 */
export async function storePackage(
  m: EntityManager,
  repository: ProblemsRepository,
  id: string,
  read: ReadPackage,
  authorId: string | null,
  /** Imports start hidden (issue 47): an admin publishes them; the seed stores its problems visible. */
  { isVisible }: { isVisible: boolean },
): Promise<void> {
  // The reference solution is one file (the editor's); a jury program of several files is verified only.
  const reference = read.jury.find(
    (j) => !j.files && j.expected.length === 1 && j.expected[0] === 'accepted',
  );
  await repository.createIn(
    m,
    {
      id,
      title: read.title,
      description: pointImagesAt(
        read.description,
        read.images.map((i) => i.name),
        imageUrlPrefix(id),
      ),
      constraints: '',
      // A keyword's difficulty sets it, with the points of that difficulty (issue 45); else medium, default points.
      difficulty: read.difficulty ?? 'medium',
      points: read.difficulty ? POINTS_BY_DIFFICULTY[read.difficulty] : DEFAULT_PROBLEM_POINTS,
      inputVariables: [],
      functionName: '',
      returnType: 'void',
      boilerplateCode: CLASSIC_STARTER_CODE,
      tags: read.tags,
      isVisible,
      checker: 'exact',
      tolerance: null,
      checkerCode: null,
      referenceSolution: reference?.code ?? null,
      kind: 'stdio',
      timeLimitMs: read.timeLimitMs,
      memoryLimitMb: read.memoryLimitMb,
      validatorFlags: read.validatorFlags,
      outputValidator: read.outputValidator,
      interaction: read.interaction,
      validationPasses: read.validationPasses,
      sampleInteractions: read.sampleInteractions,
      timeLimitBasis: null,
      testGroups: read.testGroups,
      createdBy: authorId,
    },
    read.tests.map((t) => ({
      inputs: t.input,
      expectedOutput: t.answer,
      isExample: t.isExample,
      name: t.name,
      group: t.group ?? null,
      interaction: t.interaction ?? null,
      validatorFlags: t.validatorFlags ?? null,
    })),
  );
  if (read.jury.length > 0)
    await m.getRepository(JurySubmission).insert(read.jury.map((j) => ({ problemId: id, ...j })));
  for (const image of read.images) await m.getRepository(ProblemImage).insert({ problemId: id, ...image });
}

/**
 * The validator's feedback on the test that decided a jury submission's verdict: the first test not
 * accepted, or (all accepted) the first with feedback; named as the package named it, else by position.
 */
function decidingFeedback(
  tests: readonly Pick<TestCase, 'id' | 'name'>[],
  results: readonly Pick<JudgeTestResult, 'id' | 'verdict' | 'feedback'>[],
): JurySubmissionVerdict['feedback'] {
  const deciding = results.find((r) => r.verdict !== 'accepted') ?? results.find((r) => r.feedback);
  if (!deciding?.feedback) return undefined;
  const index = tests.findIndex((t) => t.id === deciding.id);
  return { test: tests[index]?.name ?? `test ${index + 1}`, message: deciding.feedback };
}

/** The format's file names. */
const IMAGE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/** The statement's image links to its stored images, pointed at the problem's image route. */
function pointImagesAt(markdown: string, names: string[], prefix: string): string {
  const stored = new Set(names);
  const target = (name: string) => {
    const found = stored.has(name) ? name : names.find((n) => n.replace(/\.[^.]+$/, '') === name);
    return found ? `${prefix}${found}` : name;
  };
  return markdown
    .replace(/(!\[[^\]]*\]\(\s*<?)([^)\s>]+)/g, (_, head: string, name: string) => `${head}${target(name)}`)
    .replace(
      /(<img\b[^>]*\bsrc\s*=\s*["'])([^"']+)/gi,
      (_, head: string, name: string) => `${head}${target(name)}`,
    );
}

/** The package's name: the format allows lowercase letters and digits. */
function packageNameOf(problem: Pick<Problem, 'title'>): string {
  return (
    problem.title
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 40) || 'problem'
  );
}
