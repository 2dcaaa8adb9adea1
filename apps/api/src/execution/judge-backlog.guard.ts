import { CanActivate, Injectable } from '@nestjs/common';
import { JudgeClient } from './judge-client.service';

/**
 * A full judge queue refuses a judging request (503 with Retry-After) before anything else is done
 * for it: no sign-in check, no rate-limit count, no database read. On contest day most requests
 * during a backlog are such retries, and each used to pay for authentication and a PostgreSQL
 * round trip. One Redis call; when Redis cannot answer, the judge cannot judge: 503 'unavailable' at once.
 */
@Injectable()
export class JudgeBacklogGuard implements CanActivate {
  constructor(private readonly queue: JudgeClient) {}

  async canActivate(): Promise<boolean> {
    await this.queue.refuseWhenFull();
    return true;
  }
}
