import { BadRequestException, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReadPackage } from './package-reader';

/** The thread's file: plain JavaScript, beside the reader in src (tests) and dist (production). */
const THREAD_FILE = join(__dirname, 'package-thread.cjs');
/** Heap of the thread: a package's files and what is read of them fit; a runaway read ends the thread, not the API. */
const THREAD_HEAP_MB = 1024;

interface Reply {
  requestId: number;
  read?: ReadPackage;
  error?: string;
  packageError?: boolean;
}

interface Waiter {
  resolve: (read: ReadPackage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Reads package zips on a worker thread of its own (issue 47 item 1), so an import never delays anyone
 * else's request: the event loop only hands the zip over and takes the problem back. Started on the first
 * import; a read past PACKAGE_LIMITS.maxReadMs ends the thread (a 400) and the next import starts another.
 */
@Injectable()
export class PackageReaderThread implements OnModuleDestroy {
  private readonly logger = new Logger('Packages');
  private thread: Worker | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 1;

  /** The package read, or a 400 naming what is wrong with it. */
  read(zip: Buffer, packageName?: string, maxMs: number = PACKAGE_LIMITS.maxReadMs): Promise<ReadPackage> {
    const thread = this.started();
    const requestId = this.nextId++;
    return new Promise<ReadPackage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(requestId, new BadRequestException(PackageMessages.readTooSlow(maxMs / 1000)));
        void this.stop();
      }, maxMs);
      this.waiting.set(requestId, { resolve, reject, timer });
      thread.postMessage({ requestId, zip, packageName });
    }).then(withBuffers);
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(THREAD_FILE, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    thread.on('message', (reply: Reply) => this.answer(reply));
    thread.on('error', (error) => this.failAll(error));
    thread.on('exit', (code) => {
      if (this.thread === thread) this.thread = null;
      this.failAll(new Error(`the package reading thread exited (code ${code})`));
    });
    // An idle thread never keeps the process alive.
    thread.unref();
    this.thread = thread;
    return thread;
  }

  private answer({ requestId, read, error, packageError }: Reply): void {
    if (error !== undefined)
      this.fail(
        requestId,
        packageError ? new BadRequestException(error) : new Error(`reading the package failed: ${error}`),
      );
    else {
      const waiter = this.take(requestId);
      waiter?.resolve(read!);
    }
  }

  private take(requestId: number): Waiter | undefined {
    const waiter = this.waiting.get(requestId);
    if (waiter) clearTimeout(waiter.timer);
    this.waiting.delete(requestId);
    return waiter;
  }

  private fail(requestId: number, error: Error): void {
    this.take(requestId)?.reject(error);
  }

  private failAll(error: Error): void {
    if (this.waiting.size) this.logger.warn(error.message);
    for (const requestId of [...this.waiting.keys()]) this.fail(requestId, error);
  }

  private async stop(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread) await thread.terminate();
  }
}

/** Buffers arrive from the thread as plain Uint8Arrays: the images' bytes become Buffers again. */
function withBuffers(read: ReadPackage): ReadPackage {
  return {
    ...read,
    images: read.images.map((image) => ({
      ...image,
      data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    })),
  };
}
