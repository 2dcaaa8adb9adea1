import { z } from 'zod';

/**
 * The CLICS Contest API 2023-06's object shapes (icpc/ccs-specs, Contest_API.md), written from the
 * specification's tables, independently of the code under test: the contract the ICPC tools read.
 * Objects are strict: a property the spec does not define for an endpoint is a failure.
 */

/** ID: `[a-zA-Z0-9_.-]`, at most 36, not starting with `-` or `.`, not ending with `.`. */
export const ID = z.string().regex(/^(?![-.])[a-zA-Z0-9_.-]{1,36}(?<!\.)$/, 'an ID');
/** TIME: `yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)?` or `Z`; Javelin always writes milliseconds. */
export const TIME = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}(:\d{2})?)$/, 'a TIME');
/** RELTIME: `(-)?(h)*h:mm:ss(.uuu)?`. */
export const RELTIME = z.string().regex(/^-?\d+:[0-5]\d:[0-5]\d\.\d{3}$/, 'a RELTIME');
const FILE = z.strictObject({
  href: z.string().nullable().optional(),
  filename: z.string().min(1),
  hash: z.string().nullable().optional(),
  mime: z.string().min(1),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
const nullableId = ID.nullable();

export const ApiInfo = z.strictObject({
  version: z.literal('2023-06'),
  version_url: z.string().url(),
  name: z.string().nullable().optional(),
});

export const Contest = z.strictObject({
  id: ID,
  name: z.string().min(1),
  formal_name: z.string().nullable().optional(),
  start_time: TIME.nullable(),
  countdown_pause_time: RELTIME.nullable().optional(),
  duration: RELTIME,
  scoreboard_freeze_duration: RELTIME.nullable().optional(),
  scoreboard_type: z.enum(['pass-fail', 'score']),
  penalty_time: z.number().int().nonnegative(),
});

export const JudgementType = z.strictObject({
  id: z.enum(['AC', 'WA', 'TLE', 'RTE', 'CE', 'MLE', 'OLE']),
  name: z.string().min(1),
  penalty: z.boolean(),
  solved: z.boolean(),
});

const Command = z.strictObject({
  command: z.string().min(1),
  args: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  'version-command': z.string().nullable().optional(),
});
export const Language = z.strictObject({
  id: ID,
  name: z.string().min(1),
  entry_point_required: z.boolean(),
  entry_point_name: z.string().nullable().optional(),
  extensions: z.array(z.string()),
  compiler: Command,
  runner: Command,
});

export const Problem = z.strictObject({
  id: ID,
  uuid: z.string().nullable().optional(),
  label: z.string().min(1),
  name: z.string().min(1),
  ordinal: z.number().int(),
  rgb: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
    .nullable()
    .optional(),
  color: z.string().nullable().optional(),
  time_limit: z.number().positive(),
  test_data_count: z.number().int().nonnegative(),
});

export const Group = z.strictObject({
  id: ID,
  icpc_id: z.string().nullable().optional(),
  name: z.string(),
  type: z.string().nullable().optional(),
});

export const Organization = z.strictObject({
  id: ID,
  icpc_id: z.string().nullable().optional(),
  name: z.string().min(1),
  formal_name: z.string().nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable()
    .optional(),
});

export const Team = z.strictObject({
  id: ID,
  icpc_id: z.string().nullable().optional(),
  /** Required by 2023-06 (issue 43: the ICPC tools read it). */
  label: z.string().min(1),
  name: z.string().min(1),
  display_name: z.string().nullable().optional(),
  organization_id: nullableId.optional(),
  group_ids: z.array(ID),
  hidden: z.boolean().nullable().optional(),
});

export const State = z.strictObject({
  started: TIME.nullable(),
  frozen: TIME.nullable(),
  ended: TIME.nullable(),
  thawed: TIME.nullable(),
  finalized: TIME.nullable(),
  end_of_updates: TIME.nullable(),
});

export const Submission = z.strictObject({
  id: ID,
  language_id: ID,
  problem_id: ID,
  team_id: ID,
  time: TIME,
  contest_time: RELTIME,
  entry_point: z.string().nullable().optional(),
  files: z.array(FILE),
});

export const Judgement = z.strictObject({
  id: ID,
  submission_id: ID,
  judgement_type_id: nullableId.optional(),
  start_time: TIME,
  start_contest_time: RELTIME,
  end_time: TIME.nullable().optional(),
  end_contest_time: RELTIME.nullable().optional(),
  max_run_time: z.number().nonnegative().nullable().optional(),
});

export const Run = z.strictObject({
  id: ID,
  judgement_id: ID,
  ordinal: z.number().int().positive(),
  judgement_type_id: ID,
  time: TIME,
  contest_time: RELTIME,
  run_time: z.number().nonnegative(),
});

export const Clarification = z
  .strictObject({
    id: ID,
    from_team_id: nullableId.optional(),
    to_team_id: nullableId.optional(),
    reply_to_id: nullableId.optional(),
    problem_id: nullableId.optional(),
    text: z.string(),
    time: TIME,
    contest_time: RELTIME,
  })
  .refine((c) => c.from_team_id == null || c.to_team_id == null, 'teams never message teams');

export const Award = z.strictObject({
  id: ID,
  citation: z.string().min(1),
  team_ids: z.array(ID).nullable(),
});

export const ScoreboardRow = z.strictObject({
  rank: z.number().int().positive(),
  team_id: ID,
  score: z.strictObject({
    num_solved: z.number().int().nonnegative(),
    total_time: z.number().int().nonnegative(),
    time: z.number().int().optional(),
  }),
  problems: z.array(
    z
      .strictObject({
        problem_id: ID,
        num_judged: z.number().int().nonnegative(),
        num_pending: z.number().int().nonnegative(),
        solved: z.boolean(),
        time: z.number().int().optional(),
        first_to_solve: z.boolean().optional(),
      })
      .refine((p) => !p.solved || p.time !== undefined, 'a solved problem has its time')
      .refine(
        (p) => p.solved === (p.first_to_solve !== undefined),
        'a solved problem says whether it was the first solve, an unsolved one does not',
      ),
  ),
});

export const Scoreboard = z.strictObject({
  time: TIME,
  contest_time: RELTIME,
  state: State,
  rows: z.array(ScoreboardRow),
});

/** Each endpoint's object schema, by the event type that carries it. */
export const OBJECTS = {
  contest: Contest,
  'judgement-types': JudgementType,
  languages: Language,
  problems: Problem,
  groups: Group,
  organizations: Organization,
  teams: Team,
  state: State,
  submissions: Submission,
  judgements: Judgement,
  runs: Run,
  clarifications: Clarification,
  awards: Award,
} as const;

/** One line of the event feed: {type, id, data, token}; `id` null for the contest and state singletons. */
export const FeedLine = z
  .strictObject({
    type: z.enum(Object.keys(OBJECTS) as [keyof typeof OBJECTS, ...(keyof typeof OBJECTS)[]]),
    id: nullableId,
    data: z.unknown(),
    token: z.string().min(1),
  })
  .superRefine((event, ctx) => {
    const singleton = event.type === 'contest' || event.type === 'state';
    if (singleton !== (event.id === null))
      ctx.addIssue({ code: 'custom', message: 'id null iff a singleton' });
    // A delete: the object's id and null data (never for a singleton).
    if (!singleton && event.data === null) return;
    const parsed = OBJECTS[event.type].safeParse(event.data);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: `${event.type}: ${parsed.error.message}` });
    if (!singleton && (event.data as { id?: unknown })?.id !== event.id)
      ctx.addIssue({ code: 'custom', message: 'data.id is the event id' });
  });
export type FeedLine = z.infer<typeof FeedLine>;
