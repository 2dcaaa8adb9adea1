import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ENV, type Env } from '../config/env';

/** Where a problem's statement images are served (the importer points the statement's links here). */
export const imageUrlPrefix = (problemId: string) => `/api/problems/${problemId}/images/`;

/**
 * How long a signed image link works. Links are issued per whole hour (the expiry rounded up), so a
 * statement fetched twice within the hour carries the same links and the browser's cache keeps working.
 */
export const IMAGE_LINK_LIFETIME_SECONDS = 6 * 3600;
const IMAGE_LINK_STEP_SECONDS = 3600;

/** A link's query as the API writes it: `?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`. */
const IMAGE_SIGNATURE_QUERY = /\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{43}/;
/** What `exp` and `sig` must look like when a request carries them (a 400 otherwise). */
export const IMAGE_EXP = /^\d{1,12}$/;
export const IMAGE_SIG = /^[A-Za-z0-9_-]{43}$/;
const NAME = '[A-Za-z0-9_][A-Za-z0-9_.-]*';

/**
 * Signed, expiring links to a problem's statement images (issue 29). An `<img>` sends no Authorization
 * header, so a hidden problem's images (a contest's problem before it is public) could load for no
 * one but admins: whoever is given the statement is given links that carry an HMAC of the problem and
 * an expiry instead, and the image route serves a hidden problem's image only on such a link.
 *
 * The key is derived from the token secret (JWT_SECRET), never the secret itself: a signature made
 * here can never pass as a token's, nor the other way round.
 */
@Injectable()
export class ImageLinks {
  private readonly key: Buffer;
  /** The clock the expiry is read from (a test moves it). */
  now: () => number = Date.now;

  constructor(@Inject(ENV) env: Pick<Env, 'jwtSecret'>) {
    this.key = createHmac('sha256', env.jwtSecret).update('javelin problem image links v1').digest();
  }

  /** The statement with each link to this problem's images signed (a stale signature replaced). */
  signStatement(problemId: string, markdown: string): string {
    const exp = this.expiry();
    const sig = this.signature(problemId, exp);
    return markdown.replace(linkPattern(problemId), (_, link: string) => `${link}?exp=${exp}&sig=${sig}`);
  }

  /** Whether `exp`/`sig` are a signature this API made for the problem, not yet expired. */
  verify(problemId: string, exp: string, sig: string): boolean {
    if (!IMAGE_EXP.test(exp) || !IMAGE_SIG.test(sig)) return false;
    if (Number(exp) * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.signature(problemId, Number(exp)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private expiry(): number {
    const at = Math.floor(this.now() / 1000) + IMAGE_LINK_LIFETIME_SECONDS;
    return Math.ceil(at / IMAGE_LINK_STEP_SECONDS) * IMAGE_LINK_STEP_SECONDS;
  }

  private signature(problemId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${problemId}\n${exp}`).digest('base64url');
  }
}

/** The statement as stored: the signatures a form sent back (it was given signed links) taken out. */
export function unsignStatement(markdown: string): string {
  return markdown.replace(
    new RegExp(`(/api/problems/[0-9a-fA-F-]{36}/images/${NAME})${IMAGE_SIGNATURE_QUERY.source}`, 'g'),
    (_, link: string) => link,
  );
}

/** A link to one of the problem's images, with any signature query it carries. */
function linkPattern(problemId: string): RegExp {
  const prefix = imageUrlPrefix(problemId).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(${prefix}${NAME})(?:${IMAGE_SIGNATURE_QUERY.source})?`, 'g');
}
