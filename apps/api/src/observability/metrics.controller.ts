import {
  Controller,
  Get,
  Headers,
  Inject,
  NotFoundException,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import { ServerMessages } from '@javelin/contracts';
import type { Response } from 'express';
import { ENV, Env } from '../config/env';
import { bearerMatches } from './metrics-access';
import { Metrics } from './metrics';

/**
 * /metrics on the app's own port, only behind METRICS_TOKEN. With METRICS_PORT it is served there
 * instead (MetricsServer), and with neither setting it is not served: per-route counts, verdicts and
 * process details are for operators, never for whoever can reach the app.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Prometheus text format; gauges such as the queue depth are read at scrape time. Refusals stay JSON. */
  @Get('metrics')
  async scrape(
    @Res({ passthrough: true }) res: Response,
    @Headers('authorization') authorization?: string,
  ): Promise<string> {
    const { port, token } = this.env.metrics;
    if (port !== undefined || token === undefined) throw new NotFoundException();
    if (!bearerMatches(authorization, token)) throw new UnauthorizedException(ServerMessages.unauthorized);
    const text = await this.metrics.registry.metrics();
    res.type(this.metrics.registry.contentType);
    return text;
  }
}
