import { Controller, Get, Header } from '@nestjs/common';
import { JudgeClient } from '../execution/judge-client.service';
import { Metrics } from './metrics';

@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly judge: JudgeClient,
  ) {}

  /** Prometheus text format; the queue depth is read at scrape time. */
  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(): Promise<string> {
    try {
      this.metrics.judgeQueueWaiting.set(await this.judge.waitingCount());
    } catch {
      // Redis down: keep the last value; the readiness check reports the outage.
    }
    return this.metrics.registry.metrics();
  }
}
