import { expect } from 'vitest';
import { bearer, type TestApp } from './app';

export interface RejudgeProgress {
  total: number;
  done: number;
  changed: number;
}

/** Starts a rejudge of `body` (a problem, a contest or both) as the admin and waits up to 2 min for it to finish. */
export async function rejudgeAndWait(
  t: TestApp,
  adminToken: string,
  body: Record<string, unknown>,
): Promise<RejudgeProgress> {
  const started = await t.http.post('/api/admin/rejudge').set(bearer(adminToken)).send(body).expect(202);
  const jobId: string = started.body.jobId;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const progress = await t.http.get(`/api/admin/rejudge/${jobId}`).set(bearer(adminToken)).expect(200);
    expect(progress.body.done).toBeLessThanOrEqual(progress.body.total);
    if (progress.body.finished) return progress.body as RejudgeProgress;
    if (Date.now() > deadline) throw new Error(`rejudge did not finish: ${JSON.stringify(progress.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
