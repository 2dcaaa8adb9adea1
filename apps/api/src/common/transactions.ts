import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/**
 * One unit of work across repositories. A repository method that takes a `Tx` runs inside it; the
 * service that opens it never writes SQL, it only decides what belongs together.
 */
export type Tx = EntityManager;

@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}

@Global()
@Module({ providers: [Transactions], exports: [Transactions] })
export class TransactionsModule {}

/** Holds PostgreSQL's transaction-level advisory lock named `key` until `tx` ends: one holder at a time. */
export async function lockUntilCommit(tx: Tx, key: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
}
