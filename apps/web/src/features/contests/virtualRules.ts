import type { VirtualRun } from '@javelin/contracts';

/** True while the run counts tries, on the server-corrected clock (its status is as of when it was read). */
export function isRunning(run: VirtualRun | null | undefined, now: Date): boolean {
  return !!run && run.status === 'running' && now.getTime() < new Date(run.endsAt).getTime();
}
