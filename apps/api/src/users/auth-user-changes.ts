import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { ENV, Env } from '../config/env';

/** The channel the AuthUserNotifications migration's triggers notify: a user's id, or '*' for all. */
export const AUTH_USERS_CHANNEL = 'javelin_auth_users';
/** The listening connection's name in pg_stat_activity. */
export const AUTH_USERS_LISTENER_NAME = 'javelin-auth-users';
/** How often the listening connection is proven alive while signed-in requests use it. */
const PING_EVERY_MS = 300;
/** A ping unanswered this long means the connection is gone: it is dropped and opened again. */
const PING_TIMEOUT_MS = 2_000;
/** After this long without a signed-in request, the pings stop until the next one. */
const IDLE_AFTER_MS = 5_000;
const RECONNECT_MS = 500;

export interface AuthUserChangeHandler {
  /** A user's names, roles, token version or account changed (committed). */
  changed(userId: string): void;
  /** Anything may have changed: the connection was (re)opened, or a table was emptied. */
  changedAll(): void;
}

/**
 * Hears, on a PostgreSQL connection of its own (LISTEN), every committed change to what a signed-in
 * request knows of its user, whoever made it: this instance, another one, or plain SQL (the
 * AuthUserNotifications migration's triggers). While signed-in requests come, it sends a ping every
 * PING_EVERY_MS on the same connection; PostgreSQL delivers the notifications of everything committed
 * before a ping ahead of its answer, so `heardUntil()` — when the latest answered ping was sent — is a
 * moment up to which no change was missed. A silent, broken or closed connection stops moving it.
 */
@Injectable()
export class AuthUserChanges implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AuthUserChanges');
  private client?: Client;
  private handler?: AuthUserChangeHandler;
  /** performance.now() when the latest answered ping (or the LISTEN) was sent on the current connection. */
  private heard = Number.NEGATIVE_INFINITY;
  private lastUsed = Number.NEGATIVE_INFINITY;
  private pinging = false;
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
      if (n.payload === '*' || !n.payload) this.handler?.changedAll();
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
    this.pinging = true;
    const sent = performance.now();
    const timeout = setTimeout(() => this.lost(client, new Error('ping unanswered')), PING_TIMEOUT_MS);
    // An empty query: a round trip on the connection that runs no statement.
    client
      .query('')
      .then(
        () => {
          if (client === this.client) this.heard = Math.max(this.heard, sent);
        },
        (e: Error) => this.lost(client, e),
      )
      .finally(() => {
        clearTimeout(timeout);
        this.pinging = false;
      });
  }
}
