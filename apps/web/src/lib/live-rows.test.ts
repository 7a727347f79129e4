import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchRows } from './live-rows';

/** A transaction list's cached answer, as the data table keeps it. */
function listWith(client: QueryClient, key: string, liveHead: boolean) {
  const queryKey = ['GET', '/data/transaction', { page: key }];
  client.getQueryCache().build(client, { queryKey, meta: { liveHead } });
  client.setQueryData(queryKey, {
    total: 2,
    data: [
      { id_transaksi: 'A', status_trx: 'PROCESS', nominal_origin: 10_000 },
      { id_transaksi: 'B', status_trx: 'SUCCESS', nominal_origin: 20_000 },
    ],
  });
  return queryKey;
}

const event = (rows: Record<string, unknown>[], count = rows.length) => ({
  id: 1,
  type: 'transaction' as const,
  payload: { count, rows },
});
const all = () => true;

describe('data-page rows from live events', () => {
  it('patches a row on screen from the event and needs no request', () => {
    const client = new QueryClient();
    const key = listWith(client, '1', true);
    const out = patchRows(client, event([{ id_transaksi: 'A', status: 'SUCCESS' }]), all);
    expect(out.map((o) => o.outcome)).toEqual(['patched']);
    const data = client.getQueryData<{ data: Record<string, unknown>[] }>(key);
    expect(data?.data[0]).toMatchObject({ id_transaksi: 'A', status_trx: 'SUCCESS' });
    expect(data?.data[1]).toMatchObject({ id_transaksi: 'B', status_trx: 'SUCCESS' });
  });

  it('a row the page does not show reloads the head page only; other pages are marked stale', () => {
    const client = new QueryClient();
    listWith(client, '1', true);
    listWith(client, '2', false);
    const out = patchRows(client, event([{ id_transaksi: 'NEW', status: 'SUCCESS' }]), all);
    expect(out.map((o) => o.outcome).sort()).toEqual(['reload', 'stale']);
  });

  it('an event naming fewer rows than it counts is not trusted as complete', () => {
    const client = new QueryClient();
    listWith(client, '1', true);
    const out = patchRows(client, event([{ id_transaksi: 'A', status: 'FAILED' }], 25), all);
    expect(out.map((o) => o.outcome)).toEqual(['reload']);
  });

  it('a callback row is patched at once but still reloads (it shows the sent time and answer)', () => {
    const client = new QueryClient();
    const queryKey = ['GET', '/data/callback', { page: '1' }];
    client.getQueryCache().build(client, { queryKey, meta: { liveHead: true } });
    client.setQueryData(queryKey, { total: 1, data: [{ id_callback: 7, status_sent: 2 }] });
    const out = patchRows(
      client,
      {
        id: 2,
        type: 'callback',
        payload: { count: 1, rows: [{ id_callback: 7, status_sent: 1 }] },
      },
      all,
    );
    expect(out.map((o) => o.outcome)).toEqual(['reload']);
    expect(client.getQueryData<{ data: unknown[] }>(queryKey)?.data[0]).toMatchObject({
      status_sent: 1,
    });
  });
});
