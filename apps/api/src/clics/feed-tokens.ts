import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { ENV, type Env } from '../config/env';

/**
 * The event feed's tokens as its readers get them (issue 47, item 2): opaque, so that they count
 * nothing. The log's row ids are one sequence for every audience; shown as they are, the gap after
 * a frozen submission would count the events the public was not shown (the admins' judgements).
 *
 * A token is the row id and the contest sealed in one AES block under a key derived from
 * `JWT_SECRET`: 22 base64url characters that look random, in no order a reader can compare, yet
 * name the same event for ever (the same row, the same token), so resuming with `since_token` works
 * for every audience exactly as before. A token of another contest, a forged or a mangled one opens
 * to nothing (a 400). Rotating `JWT_SECRET` voids the tokens given out before it: a reader then starts
 * the feed again from the beginning.
 */
@Injectable()
export class FeedTokens {
  private readonly key: Buffer;

  constructor(@Inject(ENV) env: Pick<Env, 'jwtSecret'>) {
    this.key = createHmac('sha256', env.jwtSecret)
      .update('javelin clics feed tokens v1')
      .digest()
      .subarray(0, 16);
  }

  /** The token of log row `rowId` of the contest. */
  seal(contestId: string, rowId: string): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(rowId), 0);
    contestTag(contestId).copy(block, 8);
    const cipher = createCipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
  }

  /** The log row a token names in this contest, or null when it is no token of the contest's feed. */
  open(contestId: string, token: string): string | null {
    if (!TOKEN.test(token)) return null;
    const sealed = Buffer.from(token, 'base64url');
    const decipher = createDecipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(sealed), decipher.final()]);
    if (!block.subarray(8).equals(contestTag(contestId))) return null;
    const rowId = block.readBigUInt64BE(0);
    return rowId > 0n ? rowId.toString() : null;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** Eight bytes that bind a token to its contest. */
function contestTag(contestId: string): Buffer {
  return createHash('sha256').update(`clics-contest:${contestId}`).digest().subarray(0, 8);
}
