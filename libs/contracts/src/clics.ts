import { z } from 'zod';

/**
 * A CLICS object: its fields are the specification's (apps/api/test/contract/clics-schemas.ts holds
 * them to it), so the document does not restate them.
 */
export const clicsObjectSchema = z.record(z.string(), z.unknown());

/** GET /api/clics/contests/:id/scoreboard. */
export const clicsScoreboardSchema = z.object({
  time: z.string(),
  contest_time: z.string(),
  state: clicsObjectSchema,
  rows: z.array(clicsObjectSchema),
});

/** The CLICS Contest API's ID type (icpc/ccs-specs 2023-06). */
export const CLICS_ID_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,35}$/;

/**
 * An object's id in a CLICS path (`/problems/{objectId}`): the specification's ID (AC, A's short id,
 * a team's UUID). Any text reaches the service, which answers 404 for an id it does not hold.
 */
export const clicsObjectIdSchema = z.string().meta({ pattern: CLICS_ID_PATTERN.source });

/** GET /api/contests/:id/event-feed. */
export const eventFeedQuerySchema = z.strictObject({
  /** The token of the last event received: the feed resumes after it. */
  since_token: z
    .string({ error: 'since_token must be a string' })
    .max(60, 'since_token must be shorter than or equal to 60 characters')
    .optional(),
  /** false: the events so far, then the response ends; true (the default): keep streaming. */
  stream: z
    .enum(['true', 'false'], { error: 'stream must be one of the following values: true, false' })
    .optional(),
});

/** GET /api/contests/:id/scoreboard. */
export const scoreboardQuerySchema = z.strictObject({
  /** A group's id: the scoreboard of its teams, ranked among themselves. */
  group_id: z
    .string({ error: 'group_id must be a string' })
    .regex(CLICS_ID_PATTERN, `group_id must match ${CLICS_ID_PATTERN} regular expression`)
    .optional(),
});

export type EventFeedQuery = z.output<typeof eventFeedQuerySchema>;
export type ScoreboardQuery = z.output<typeof scoreboardQuerySchema>;
