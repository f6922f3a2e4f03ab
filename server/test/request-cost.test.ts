import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/database.js';
import { lazyRequestLogger } from '../src/http/request-logger.js';
import { makeDataDir } from './helpers/test-app.js';

/**
 * The two per-request savings of issue 16 that change behaviour if they go wrong (the cost itself is measured by
 * `npm run bench:requests`): the request logger made only when needed, and SQLite statements kept between queries.
 */

class Lines extends Writable {
  readonly records: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.records.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  }
}

/** A pino logger that counts the children made from it. */
function countingLogger(level: string): { log: pino.Logger; out: Lines; children: () => number } {
  const out = new Lines();
  const log = pino({ level }, out);
  let children = 0;
  const child = log.child.bind(log);
  log.child = ((...args: Parameters<typeof log.child>) => {
    children += 1;
    return child(...args);
  }) as typeof log.child;
  return { log, out, children: () => children };
}

const factory = (log: pino.Logger, bindings: Record<string, unknown>) =>
  lazyRequestLogger.call(undefined as never, log as never, bindings, {}, undefined as never);

describe('the request logger', () => {
  it('makes no pino child for a request that writes nothing at an enabled level', () => {
    const { log, out, children } = countingLogger('info');
    const requestLog = factory(log, { reqId: 'req-1' });
    requestLog.debug({ x: 1 }, 'not written at info');
    requestLog.trace('nor this');
    expect(requestLog.level).toBe('info');
    expect(children()).toBe(0);
    expect(out.records).toEqual([]);
  });

  it('writes through one child carrying the request id once something is enabled, and follows level changes', () => {
    const { log, out, children } = countingLogger('info');
    const requestLog = factory(log, { reqId: 'req-2' });
    requestLog.info({ code: 'X' }, 'first');
    requestLog.warn('second');
    expect(children()).toBe(1);
    expect(out.records.map(({ reqId, msg, code }) => ({ reqId, msg, code }))).toEqual([
      { reqId: 'req-2', msg: 'first', code: 'X' },
      { reqId: 'req-2', msg: 'second', code: undefined },
    ]);
    log.level = 'debug';
    const later = factory(log, { reqId: 'req-3' });
    later.debug('now on');
    expect(out.records.at(-1)).toMatchObject({ reqId: 'req-3', msg: 'now on', level: 20 });
  });

  it('a route with its own log level gets an ordinary child at once', () => {
    const { log, children } = countingLogger('info');
    lazyRequestLogger.call(undefined as never, log as never, { reqId: 'req-4' }, { level: 'warn' }, undefined as never);
    expect(children()).toBe(1);
  });
});

describe('the statement cache', () => {
  const opened: SQLite.Database[] = [];
  afterAll(() => {
    for (const db of opened) db.close();
  });

  async function database(): Promise<SQLite.Database> {
    const db = new SQLite(join(await makeDataDir(), 'cache.db'));
    opened.push(db);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    db.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
    return db;
  }

  it('gives the same statement back for the same SQL, and answers right with new parameters', async () => {
    const cached = withStatementCache(await database());
    const first = cached.prepare('SELECT name FROM t WHERE id = ?');
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    const again = cached.prepare('SELECT name FROM t WHERE id = ?');
    expect(again).toBe(first);
    expect(again.all([3])).toEqual([{ name: 'c' }]);
  });

  it('never shares a statement that is still iterating', async () => {
    const cached = withStatementCache(await database());
    const sql = 'SELECT name FROM t ORDER BY id';
    const iterating = cached.prepare(sql).iterate([]);
    expect(iterating.next().value).toEqual({ name: 'a' });
    const meanwhile = cached.prepare(sql);
    expect(meanwhile.all([])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect([...iterating]).toEqual([{ name: 'b' }, { name: 'c' }]);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cached = withStatementCache(await database(), 2);
    const one = cached.prepare('SELECT 1');
    const two = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(one); // used again: now the newest
    cached.prepare('SELECT 3'); // drops SELECT 2
    expect(cached.prepare('SELECT 1')).toBe(one);
    expect(cached.prepare('SELECT 2')).not.toBe(two);
  });
});
