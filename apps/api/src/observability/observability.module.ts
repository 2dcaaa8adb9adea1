import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsServer } from './metrics-server';
import { Metrics } from './metrics';

@Global()
@Module({ controllers: [MetricsController], providers: [Metrics, MetricsServer], exports: [Metrics] })
export class ObservabilityModule {}
