import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation';
import type { Env } from './config/env';

export const API_PREFIX = 'api';
const BODY_LIMIT = '256kb';

/** Builds the configured application; main.ts listens, tests drive it through supertest. */
export async function createApp(env: Env, options: { logger?: false } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.with(env), {
    bodyParser: false,
    logger: options.logger,
    abortOnError: false,
  });
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://accounts.google.com'],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: env.corsOrigins, credentials: true });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  serveWeb(app, env);
  return app;
}

/** Serves the built web app (apps/web/dist) on the same origin, with the SPA's fallback for its routes. */
function serveWeb(app: NestExpressApplication, env: Env): void {
  const dir = resolve(env.webDistDir ?? join(__dirname, '../../web/dist'));
  if (!existsSync(join(dir, 'index.html'))) {
    new Logger('Web').warn(`no web build at ${dir}: only /api is served`);
    return;
  }
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith(`/${API_PREFIX}/`) || req.path === `/${API_PREFIX}`) return next();
    res.sendFile(join(dir, 'index.html'));
  });
}
