import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { REQUEST_ID_PATTERN as REQUEST_ID } from '@javelin/contracts';
import type { Metrics } from './metrics';

declare module 'express-serve-static-core' {
  interface Request {
    /** Follows a request into the judge's logs; taken from X-Request-Id when the caller sent a sane one. */
    id: string;
  }
}

/** Gives each request an id, logs it as JSON when it finishes, and records its latency by route pattern. */
export function httpObserver(logger: Logger, metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The matched pattern (/api/problems/:id), never the raw path, keeps the label set small.
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      if (route === '/metrics') return;
      logger.info(
        {
          reqId: req.id,
          method: req.method,
          route,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(seconds * 1000),
        },
        'request',
      );
    });
    next();
  };
}
