import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { limitJsonDepth } from './common/json-depth';
import { buildApiDocument } from './openapi/document';
import { createRootLogger, PinoNestLogger } from './observability/logger';
import { httpObserver } from './observability/http-observer';
import { Metrics } from './observability/metrics';
import type { Env } from './config/env';

const API_PREFIX = 'api';
const BODY_LIMIT = '256kb';

/** Builds the configured application; main.ts listens, tests drive it through supertest. */
export async function createApp(env: Env, options: { quiet?: boolean } = {}): Promise<INestApplication> {
  const rootLogger = createRootLogger(options.quiet ? 'silent' : env.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.with(env), {
    bodyParser: false,
    logger: options.quiet ? false : new PinoNestLogger(rootLogger),
    abortOnError: false,
  });
  app.use(httpObserver(rootLogger, app.get(Metrics)));
  // Only the configured proxies may name the client: anyone else's X-Forwarded-For is ignored.
  app.set('trust proxy', env.trustProxy);
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(limitJsonDepth);
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
  app.setGlobalPrefix(API_PREFIX, { exclude: ['metrics'] });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  describeApi(app);
  serveWeb(app, env);
  return app;
}

/** OpenAPI description of every route at /api/docs (JSON at /api/docs-json), built once on first request. */
function describeApi(app: NestExpressApplication): void {
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildApiDocument(app));
}

/** Serves the built web app (apps/web/dist) on the same origin, with the SPA's fallback for its routes. */
function serveWeb(app: NestExpressApplication, env: Env): void {
  const dir = resolve(env.webDistDir ?? join(__dirname, '../../web/dist'));
  if (!existsSync(join(dir, 'index.html'))) {
    new Logger('Web').warn(`no web build at ${dir}: only /api is served`);
    return;
  }
  const ownedByApi = (req: express.Request) =>
    req.path.startsWith(`/${API_PREFIX}/`) || req.path === `/${API_PREFIX}` || req.path === '/metrics';
  // The API's paths never look on disk: the static files are not asked for a stat of each of them.
  const files = express.static(dir, { index: false, maxAge: '1h' });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    ownedByApi(req) ? next() : files(req, res, next),
  );
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || ownedByApi(req)) return next();
    res.sendFile(join(dir, 'index.html'));
  });
}

/** Where the API listens, and how to open it to a network when it listens on loopback only. */
export function listeningLine(env: Env): string {
  const shown = env.host.includes(':') ? `[${env.host}]` : env.host;
  const where = `API listening on http://${shown}:${env.port}/api`;
  if (isLoopback(env.host))
    return `${where} — this machine only; HOST=0.0.0.0 opens it to the network (set JWT_SECRET and PUBLIC_URL too)`;
  return `${where} — reachable from the network (HOST=${env.host})`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
