import { Controller, Get, Header } from '@nestjs/common';
import { Metrics } from './metrics';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  /** Prometheus text format; gauges such as the queue depth are read at scrape time. */
  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
