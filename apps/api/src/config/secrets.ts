import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { EnvError } from './env-values';

/** Where the token secret came from: JWT_SECRET, or the file generated on the first start without it. */
export type JwtSecretSource = 'JWT_SECRET' | { file: string };

/** 256 bits, as the HS256 key of the tokens. */
const GENERATED_SECRET_BYTES = 32;
/** The shortest secret accepted (JWT_SECRET, the secret file, METRICS_TOKEN). */
export const MIN_SECRET_LENGTH = 16;
/** Read and write for the owner only. */
const SECRET_FILE_MODE = 0o600;

/**
 * The secret kept in `file`, generated (256 random bits, mode 0600) when the file does not exist yet,
 * so a start without JWT_SECRET never signs with a known value and later starts keep their sessions.
 */
function readOrCreateSecretFile(file: string): string {
  let fd: number;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': of two processes starting at once, one creates the file and the other reads it.
    fd = openSync(file, 'wx', SECRET_FILE_MODE);
    writeSync(fd, `${randomBytes(GENERATED_SECRET_BYTES).toString('base64url')}\n`);
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new EnvError(`JWT_SECRET is unset and ${file} cannot be written: ${(error as Error).message}`);
  }
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new EnvError(`JWT_SECRET is unset and ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const mode = fstatSync(fd).mode & 0o777;
    if (mode & 0o077) {
      throw new EnvError(
        `${file} holds the token secret but others may read it (mode ${mode.toString(8)}): run "chmod 600 ${file}"`,
      );
    }
    const secret = readFileSync(fd, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH)
      throw new EnvError(`${file} must hold a secret of at least ${MIN_SECRET_LENGTH} characters`);
    return secret;
  } finally {
    closeSync(fd);
  }
}

/** JWT_SECRET when set; otherwise (never in production, where instances must share one) the generated file's. */
export function jwtSecret(
  source: NodeJS.ProcessEnv,
  nodeEnv: string,
): { jwtSecret: string; jwtSecretSource: JwtSecretSource } {
  const set = source.JWT_SECRET;
  if (set) {
    if (set.length < MIN_SECRET_LENGTH)
      throw new EnvError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    return { jwtSecret: set, jwtSecretSource: 'JWT_SECRET' };
  }
  if (nodeEnv === 'production') {
    throw new EnvError('JWT_SECRET must be set in production (every instance signs and checks with it)');
  }
  const file = source.JWT_SECRET_FILE || 'var/jwt-secret';
  return { jwtSecret: readOrCreateSecretFile(file), jwtSecretSource: { file } };
}

const LIFETIME_UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

export function jwtLifetimeSeconds(source: NodeJS.ProcessEnv): number {
  const raw = source.JWT_EXPIRES_IN || '7d';
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  const seconds = match ? Number(match[1]) * LIFETIME_UNITS[match[2] || 's'] : 0;
  if (seconds < 1) {
    throw new EnvError(`JWT_EXPIRES_IN must be a lifetime such as 3600, 90m, 12h or 7d, got "${raw}"`);
  }
  return seconds;
}
