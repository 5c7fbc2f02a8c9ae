import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, isDatabaseUnreachable, withinTime } from './unreachable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'])(
    'knows the network error %s',
    (code) => expect(isDatabaseUnreachable(withCode(code))).toBe(true),
  );

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
  ])('knows the server state %s', (code, message) => {
    expect(isDatabaseUnreachable(withCode(code, message))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('knows the driver message "%s"', (message) => {
    expect(isDatabaseUnreachable(new Error(message))).toBe(true);
  });

  it('looks through the query error the ORM wraps it in, and an AggregateError', () => {
    const wrapped = new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnreachable(wrapped)).toBe(true);
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect');
    expect(isDatabaseUnreachable(both)).toBe(true);
    expect(isDatabaseUnreachable(new DatabaseUnreachableError())).toBe(true);
  });

  it('does not take a refused statement or anything else for an unreachable database', () => {
    expect(isDatabaseUnreachable(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnreachable(withCode('40001', 'could not serialize access'))).toBe(false);
    expect(isDatabaseUnreachable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnreachable(new DrizzleQueryError('select 1', [], withCode('23505')))).toBe(false);
    expect(isDatabaseUnreachable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});

describe('withinTime', () => {
  it('answers as the promise does when it settles in time', async () => {
    await expect(withinTime(Promise.resolve(1), 1_000)).resolves.toBe(1);
    await expect(withinTime(Promise.reject(new Error('no')), 1_000)).rejects.toThrow('no');
  });

  it('gives up with an unreachable database after the time', async () => {
    const started = Date.now();
    const error = await withinTime(new Promise(() => undefined), 50).catch((caught: unknown) => caught);
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
