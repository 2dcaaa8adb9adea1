import { createSecretKey, KeyObject } from 'node:crypto';
import type { Env } from '../config/env';

const keys = new WeakMap<Env, KeyObject>();

/**
 * The tokens' HMAC key as a KeyObject, made once. Given a string, jsonwebtoken tries to parse it as a
 * PEM public key on every sign and verify (and throws) before it falls back to a secret key: that cost
 * ~1.6 ms of CPU per authenticated request under the contest-day load (bench/contest-day, API profile).
 */
export function jwtKey(env: Env): KeyObject {
  let key = keys.get(env);
  if (!key) {
    key = createSecretKey(Buffer.from(env.jwtSecret, 'utf8'));
    keys.set(env, key);
  }
  return key;
}
