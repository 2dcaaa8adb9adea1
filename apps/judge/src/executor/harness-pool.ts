import { SandboxError } from '../sandbox/types';
import { HarnessProcess } from './harness';
import { shapeKey, type HarnessLaunch, type HarnessShape } from './harness-launch';

/**
 * Pre-started harnesses, one per concurrent job: a job takes one that is already warm (started with
 * its shape) and a replacement starts in the background at once.
 */
export class HarnessPool {
  private idle: HarnessProcess[] = [];
  private closed = false;

  constructor(
    private readonly launch: HarnessLaunch,
    private readonly size: number,
  ) {}

  prestart(shape: HarnessShape): void {
    while (!this.closed && this.idle.length < this.size)
      this.idle.push(new HarnessProcess(this.launch, shape));
  }

  /** A ready harness of this shape (pre-started if one is waiting). */
  async take(shape: HarnessShape): Promise<HarnessProcess> {
    if (this.closed) throw new SandboxError('the judge is closed');
    const key = shapeKey(shape);
    const i = this.idle.findIndex((h) => !h.dead && shapeKey(h.shape) === key);
    const h = i >= 0 ? this.idle.splice(i, 1)[0] : new HarnessProcess(this.launch, shape);
    this.idle = this.idle.filter((x) => !x.dead);
    this.idle.push(new HarnessProcess(this.launch, shape));
    while (this.idle.length > this.size) this.idle.shift()?.kill();
    try {
      await h.ready;
      return h;
    } catch {
      // A pre-started one that died while waiting: one fresh start, which reports its own failure.
      const fresh = new HarnessProcess(this.launch, shape);
      await fresh.ready;
      return fresh;
    }
  }

  close(): void {
    this.closed = true;
    for (const h of this.idle) h.kill();
    this.idle = [];
  }
}
