import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ENV, Env } from '../config/env';

/** The channel the AuthUserNotifications migration's triggers notify: a user's id, or '*' for all. */
export const AUTH_USERS_CHANNEL = 'javelin_auth_users';
/** The listening connection's name in pg_stat_activity. */
export const AUTH_USERS_LISTENER_NAME = 'javelin-auth-users';
/** How often the listening connection is proven alive while signed-in requests use it. */
const PING_EVERY_MS = 300;
/** A ping not back this long means the connection (or its LISTEN) is gone: it is dropped and opened again. */
const PING_TIMEOUT_MS = 2_000;
/** After this long without a signed-in request, the pings stop until the next one. */
const IDLE_AFTER_MS = 5_000;
const RECONNECT_MS = 500;

interface AuthUserChangeHandler {
  /** A user's names, roles, token version or account changed (committed). */
  changed(userId: string): void;
  /** Anything may have changed: the connection was (re)opened, or a table was emptied. */
  changedAll(): void;
}

/**
 * Hears, on a PostgreSQL connection of its own (LISTEN), every committed change to what a signed-in
 * request knows of its user, whoever made it: this instance, another one, or plain SQL (the
 * AuthUserNotifications migration's triggers). While signed-in requests come, it sends a ping every
 * PING_EVERY_MS: a notification of its own on the same channel (`ping:<instance>:<n>`). A listener
 * receives a channel's notifications in commit order, so when ping n comes back, every change
 * committed before it was sent has been heard: `heardUntil()` is when the latest ping that came back
 * was sent. It proves the whole path, not only that the connection answers: behind a pooler that does
 * not keep the LISTEN (PgBouncer in transaction mode), no ping comes back, and users are reused for a
 * second at most. A silent, broken or closed connection stops moving it too.
 */
@Injectable()
export class AuthUserChanges implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AuthUserChanges');
  private client?: Client;
  private handler?: AuthUserChangeHandler;
  /** performance.now() when the latest answered ping (or the LISTEN) was sent on the current connection. */
  private heard = Number.NEGATIVE_INFINITY;
  private lastUsed = Number.NEGATIVE_INFINITY;
  /** The ping on its way back: its number and when it was sent. */
  private pinging: { n: number; sent: number; timeout: NodeJS.Timeout } | null = null;
  private pings = 0;
  /** This instance's own pings on the shared channel: `ping:<this>:<n>`. */
  private readonly pingPrefix = `ping:${randomUUID()}:`;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private warned = false;

  constructor(@Inject(ENV) private readonly env: Env) {}

  /** Where the changes go (one handler: the users repository's cache). */
  onChange(handler: AuthUserChangeHandler): void {
    this.handler = handler;
  }

  onModuleInit(): void {
    void this.connect();
    this.timer = setInterval(() => this.ping(), PING_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.dropPing();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * The moment (performance.now()) up to which every committed change has been heard: a value read
   * before it and not forgotten since is still the database's. -Infinity while not listening.
   */
  heardUntil(now: number): number {
    // A signed-in request after a quiet spell starts the pings again at once.
    const idle = now - this.lastUsed > IDLE_AFTER_MS;
    this.lastUsed = now;
    if (idle) this.ping();
    return this.heard;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.env.databaseUrl,
      application_name: AUTH_USERS_LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
    });
    client.on('notification', (n) => {
      if (client !== this.client || n.channel !== AUTH_USERS_CHANNEL) return;
      if (n.payload?.startsWith('ping:')) this.pingBack(n.payload);
      else if (n.payload === '*' || !n.payload) this.handler?.changedAll();
      else this.handler?.changed(n.payload);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      const sent = performance.now();
      await client.query(`LISTEN ${AUTH_USERS_CHANNEL}`);
      if (client !== this.client) return;
      // Whatever changed while nobody listened is unknown: every user is read again.
      this.handler?.changedAll();
      this.heard = sent;
      if (this.warned) this.logger.log('listener: listening again');
      this.warned = false;
    } catch (e) {
      this.lost(client, e as Error);
    }
  }

  /** The connection broke: nothing more is heard on it; a new one opens shortly. */
  private lost(client: Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.dropPing();
    this.heard = Number.NEGATIVE_INFINITY;
    // Said once per outage, not on every attempt to listen again.
    if (!this.closed && error && !this.warned) {
      this.warned = true;
      this.logger.warn(
        `listener: ${error.message} (reconnecting; users are reused for 1 s at most meanwhile)`,
      );
    }
    client.end().catch(() => undefined);
    if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
  }

  private ping(): void {
    const client = this.client;
    if (!client || this.pinging || this.heard === Number.NEGATIVE_INFINITY) return;
    if (performance.now() - this.lastUsed > IDLE_AFTER_MS) return;
    const n = ++this.pings;
    const ping = {
      n,
      sent: performance.now(),
      timeout: setTimeout(() => this.lost(client, new Error('ping not heard back')), PING_TIMEOUT_MS),
    };
    this.pinging = ping;
    client
      .query('SELECT pg_notify($1, $2)', [AUTH_USERS_CHANNEL, `${this.pingPrefix}${n}`])
      // lost() drops the ping with its connection; a connection already gone took its ping along.
      .catch((e: Error) => this.lost(client, e));
  }

  /** A ping came back: every change committed before it was sent has been heard. Others' pings are not ours. */
  private pingBack(payload: string): void {
    const ping = this.pinging;
    if (!ping || payload !== `${this.pingPrefix}${ping.n}`) return;
    this.dropPing();
    this.heard = Math.max(this.heard, ping.sent);
  }

  /** The ping in flight is no longer waited for (it came back, or its connection is gone). */
  private dropPing(): void {
    if (this.pinging) clearTimeout(this.pinging.timeout);
    this.pinging = null;
  }
}
