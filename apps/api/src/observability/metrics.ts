import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Reads how many jobs wait in a queue; registered by the module that owns the queue. */
type QueueDepthProvider = () => Promise<number>;

/** The API's Prometheus metrics, served at /metrics. */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private judgeQueueDepth?: QueueDepthProvider;

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly judgeDuration = new Histogram({
    name: 'judge_duration_seconds',
    help: 'Time from enqueueing a judge job to its verdict',
    labelNames: ['kind'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly judgeVerdicts = new Counter({
    name: 'judge_verdicts_total',
    help: 'Judged submissions by overall verdict',
    labelNames: ['verdict', 'kind'] as const,
    registers: [this.registry],
  });

  /**
   * Jobs a judge would not judge (issue 46): `foreign` (a version or field it does not understand, left for
   * a judge that does until the wait ran out) or `malformed`. The user got the spec's 503, never a verdict.
   */
  readonly judgeRefusals = new Counter({
    name: 'judge_jobs_refused_total',
    help: 'Judge jobs a judge refused to judge, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Read at scrape time from the registered provider. */
  readonly judgeQueueWaiting = new Gauge({
    name: 'judge_queue_waiting',
    help: 'Jobs waiting in the judge queue',
    registers: [this.registry],
    collect: async () => {
      if (!this.judgeQueueDepth) return;
      try {
        this.judgeQueueWaiting.set(await this.judgeQueueDepth());
      } catch {
        // Redis down: keep the last value; the readiness check reports the outage.
      }
    },
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  reportJudgeQueueDepth(provider: QueueDepthProvider): void {
    this.judgeQueueDepth = provider;
  }
}
