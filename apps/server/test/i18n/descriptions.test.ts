import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describedColumns, describeRow } from '../../src/modules/transactions/descriptions';
import { agentOf, insertTransactions } from '../data-pages/factories';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * Server-written transaction descriptions are stored as a kind and parameters and
 * read in the reader's language; rows written before (text only) read as stored.
 */
describe.each(testDatabases())('transaction descriptions on %s', (kind) => {
  let t: TestApp;
  let id: TestClient;
  let en: TestClient;
  const customer = 'Deskripsi Uji';

  beforeAll(async () => {
    t = await createTestApp(kind);
    id = await t.loginAs('partner@demo.id', { lang: 'id' });
    en = await t.loginAs('partner@demo.id', { lang: 'en' });
    const { agentId } = await agentOf(t.services, 'partner@demo.id');
    const now = t.clock.now;
    await insertTransactions(t.services, agentId, [
      {
        customername: customer,
        time_request: new Date(now.getTime() - 1_000),
        ...describedColumns('descriptions.withdrawTo', { bank: 'Bank BCA', account: '1234567890' }),
      },
      {
        customername: customer,
        time_request: new Date(now.getTime() - 2_000),
        ...describedColumns('withdraw.paymentSuccess'),
      },
      {
        customername: customer,
        time_request: new Date(now.getTime() - 3_000),
        status_trx: 'FAILED',
        ...describedColumns('withdraw.rail.REJECTED_BY_BANK'),
      },
      // Written before migration 0105: no kind, the text reads as stored in both languages.
      {
        customername: customer,
        time_request: new Date(now.getTime() - 4_000),
        keterangan: 'Catatan lama',
      },
      // A failure reason the catalogs do not know: stored as text, no kind.
      {
        customername: customer,
        time_request: new Date(now.getTime() - 5_000),
        ...describedColumns('withdraw.rail.SOMETHING_NEW'),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (client: TestClient, extra: Record<string, string> = {}) => {
    const res = await client.get('/data/transaction', {
      filters: JSON.stringify([{ column: 'customername', operator: 'equal', value: customer }]),
      ...extra,
    });
    expect(res.rc, res.rd).toBe('00');
    return (res.data.data as Array<{ keterangan: string | null }>).map((r) => r.keterangan);
  };

  it('stores the kind and parameters beside the Indonesian text', async () => {
    const row = describedColumns('descriptions.withdrawTo', { bank: 'Bank BCA', account: '123' });
    expect(row).toEqual({
      keterangan: 'Tarik saldo ke Bank BCA 123',
      keterangan_key: 'descriptions.withdrawTo',
      keterangan_params: JSON.stringify({ bank: 'Bank BCA', account: '123' }),
    });
    expect(describedColumns('withdraw.rail.SOMETHING_NEW').keterangan_key).toBeNull();
    expect(describeRow('en', row)).toBe('Withdrawal to Bank BCA 123');
    expect(describeRow('en', { keterangan: 'Catatan lama', keterangan_key: null })).toBe(
      'Catatan lama',
    );
  });

  it('renders the data page in the reader language, older rows as stored', async () => {
    expect(await rowsOf(id)).toEqual([
      'Tarik saldo ke Bank BCA 1234567890',
      'Tarik saldo berhasil.',
      'Transfer ditolak oleh bank tujuan. Dana telah dikembalikan ke saldo Anda.',
      'Catatan lama',
      'withdraw.rail.SOMETHING_NEW',
    ]);
    expect(await rowsOf(en)).toEqual([
      'Withdrawal to Bank BCA 1234567890',
      'The withdrawal succeeded.',
      expect.stringMatching(/bank/i),
      'Catatan lama',
      'withdraw.rail.SOMETHING_NEW',
    ]);
    const [, , rejectedEn] = await rowsOf(en);
    expect(rejectedEn).not.toMatch(/ditolak/);
  });

  it('filters on the words the reader sees', async () => {
    const filtered = (client: TestClient, word: string) =>
      client.get('/data/transaction', {
        filters: JSON.stringify([
          { column: 'customername', operator: 'equal', value: customer },
          { column: 'keterangan', operator: 'like', value: word },
        ]),
      });
    expect((await filtered(en, 'Withdrawal to')).data.total).toBe(1);
    expect((await filtered(en, 'Tarik saldo')).data.total).toBe(0);
    expect((await filtered(id, 'Tarik saldo')).data.total).toBe(2);
  });

  it('the demo history is written with kinds', async () => {
    const kinds = await t.services.db
      .selectFrom('transactions')
      .select('keterangan_key')
      .where('keterangan_key', 'is not', null)
      .groupBy('keterangan_key')
      .execute();
    expect(kinds.length).toBeGreaterThan(0);
  });
});
