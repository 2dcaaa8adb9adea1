import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors';
import { TimeoutError } from './timeout';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a socket written after the peer closed it', withCode('write EPIPE', 'EPIPE')],
    ['node-postgres losing its connection mid-query', new Error('Connection terminated unexpectedly')],
    ['node-postgres asked to query on a closed client', new Error('Client was closed and is not queryable')],
    [
      'node-postgres after a connection error',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'a TypeORM transaction whose connection broke',
      new Error('Query runner already released. Cannot run queries anymore.'),
    ],
    [
      'a query through a transaction manager whose connection broke (seen on contest day with PostgreSQL stopped)',
      new Error(
        'Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.',
      ),
    ],
    ['PostgreSQL stopped with -m fast', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL stopped with -m immediate', withCode('terminating connection because of crash of another server process', '57P02')],
    ['PostgreSQL shutting down or starting', withCode('the database system is shutting down', '57P03')],
    ['a PostgreSQL connection failure', withCode('connection failure', '08006')],
    ['ioredis with its offline queue off', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    [
      'ioredis out of retries while Redis restarts',
      new Error('Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.'),
    ],
    ['a bounded wait that ran out', new TimeoutError('redis timed out after 1000 ms')],
  ])('counts %s as out of reach (503)', (_, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint "users_email_key"', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a serialisation failure', withCode('could not serialize access due to concurrent update', '40001')],
    ['a program error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a code that only contains 08 digits', withCode('value 1080061 out of range', '22003')],
    ['not an error', 'ECONNREFUSED'],
  ])('does not count %s', (_, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
