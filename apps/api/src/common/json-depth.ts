import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MAX_JSON_DEPTH, ServerMessages } from '@javelin/contracts';

/**
 * How deeply `value` nests arrays and objects, counted without recursion (an explicit stack), and
 * stopping as soon as it passes `limit`: a body of 10,000 nested arrays must not overflow anything.
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Refuses a parsed JSON body nested past MAX_JSON_DEPTH before validation (which walks it recursively) sees it. */
export function limitJsonDepth(req: Request, _res: Response, next: NextFunction): void {
  if (jsonDepthExceeds(req.body, MAX_JSON_DEPTH))
    return next(new BadRequestException(ServerMessages.bodyTooDeep));
  next();
}
