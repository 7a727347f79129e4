import { describe, expect, it } from 'vitest';
import { FailoverPool, isConnectionError, parseHostList } from './multi-host';
import { retryOnConnectionLoss } from './retry';

describe('multi-host PostgreSQL URLs (libpq form) for node-postgres', () => {
  it('splits the hosts, keeps user, database and other parameters, drops target_session_attrs', () => {
    expect(
      parseHostList(
        'postgres://app:s%40cret@10.0.0.1:5432,10.0.0.2:5433/gerbang?target_session_attrs=read-write&application_name=api',
      ),
    ).toEqual({
      hosts: [
        'postgres://app:s%40cret@10.0.0.1:5432/gerbang?application_name=api',
        'postgres://app:s%40cret@10.0.0.2:5433/gerbang?application_name=api',
      ],
      readWrite: true,
    });
    expect(parseHostList('postgres://postgres@127.0.0.1:5432/gerbang')).toBeNull();
    expect(parseHostList('postgresql://u@h1,h2/db')).toEqual({
      hosts: ['postgresql://u@h1/db', 'postgresql://u@h2/db'],
      readWrite: false,
    });
  });

  it('tells connection losses from statement errors', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(
      isConnectionError(withCode('cannot execute INSERT in a read-only transaction', '25006')),
    ).toBe(true);
    expect(isConnectionError(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isConnectionError(withCode('could not serialize access', '40001'))).toBe(false);
    expect(isConnectionError('Connection terminated')).toBe(false);
  });

  it('runs an idempotent call again only after a connection loss, at most the attempts given', async () => {
    let calls = 0;
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
    expect(
      await retryOnConnectionLoss(
        async () => {
          calls += 1;
          if (calls < 3) throw lost;
          return 'paid';
        },
        { delayMs: 1 },
      ),
    ).toBe('paid');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryOnConnectionLoss(
        async () => {
          calls += 1;
          throw Object.assign(new Error('duplicate key'), { code: '23505' });
        },
        { delayMs: 1 },
      ),
    ).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryOnConnectionLoss(
        async () => {
          calls += 1;
          throw lost;
        },
        { attempts: 2, delayMs: 1 },
      ),
    ).rejects.toThrow(lost);
    expect(calls).toBe(2);
  });

  it('skips a host that is down and fails when no host is read-write', async () => {
    const down = parseHostList('postgres://postgres@127.0.0.1:1,127.0.0.1:2/x')!;
    const none = new FailoverPool({ list: down, poolConfig: {}, findAttempts: 2 });
    await expect(none.connect()).rejects.toThrow(/no read-write PostgreSQL host \(down, down\)/);
    await none.end();

    const base = process.env.DATABASE_URL;
    if (!base) return;
    const url = new URL(base);
    const list = parseHostList(
      `postgres://${url.username}@127.0.0.1:1,${url.host}${url.pathname}?target_session_attrs=read-write`,
    )!;
    const pool = new FailoverPool({ list, poolConfig: { max: 1 } });
    expect(pool.totalCount).toBe(0);
    const client = await pool.connect();
    expect([pool.totalCount, pool.idleCount, pool.waitingCount]).toEqual([1, 0, 0]);
    const { rows } = await client.query('select pg_is_in_recovery() as recovery');
    expect(rows[0].recovery).toBe(false);
    client.release();
    await pool.end();
  });
});
