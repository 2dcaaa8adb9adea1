import { z } from 'zod';

/** GET /api/health: the process is up. */
export const healthSchema = z.object({ status: z.string() });

/** GET /api/health/ready: ready, with a report of each dependency. */
export const readinessSchema = z.record(z.string(), z.unknown());

/** GET /api/time: the server's clock, which contest countdowns are synchronised to. */
export const serverTimeSchema = z.object({ utc_datetime: z.iso.datetime() });
export type ServerTime = z.infer<typeof serverTimeSchema>;
