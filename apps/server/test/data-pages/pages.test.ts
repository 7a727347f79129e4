import { DATA_PAGE_PATHS, DATA_PAGES } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { allRoutes } from '../../src/modules';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

const AGGREGATOR_PAGES = [
  'merchant_member',
  'aggregator_fee_daily',
  'aggregator_fee_monthly',
  'resume_share_profit_by_mitra_daily',
  'resume_share_profit_by_mitra_monthly',
];
/** Spec 03 §6: these need the API-enabled flag. */
const API_PAGES = [
  'deposit',
  'settlement_merchant_sent',
  'settlement_merchant_process',
  'balance_detail',
  'balance_detail_hold',
  'bulk_virtual_account',
  'setting_account_favourite',
  'monitor_hold_balance',
  'dana_talangan',
  'nmid',
  'produk',
  'produk_charge',
];
/** Pages that show another page's rows and are guarded by its rule. */
const GUARDED_BY: Record<string, string> = { produk_charge: 'produk' };

describe('data page routes', () => {
  it('one route per page, each with its own data_{path} READ rule', () => {
    const routes = allRoutes(loadConfig({ GERBANG_MODE: 'test' }));
    for (const path of [...DATA_PAGE_PATHS]) {
      const matching = routes.filter((r) => r.method === 'GET' && r.url === `/data/${path}`);
      expect(matching, path).toHaveLength(1);
      const access = matching[0]?.access;
      expect(access && !access.public && access.permission, path).toEqual({
        module: `data_${GUARDED_BY[path] ?? path}`,
        action: 'READ',
      });
    }
    expect(Object.keys(DATA_PAGES)).toHaveLength(27);
  });
});

describe.each(testDatabases())('data page permissions and flags (%s)', (kind) => {
  let t: TestApp;
  const status = new Map<string, Map<string, string>>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const user of [
      'partner@demo.id',
      'aggregator@demo.id',
      'enduser@demo.id',
      'newbiz@demo.id',
      'staff@demo.id',
    ]) {
      const client = await t.loginAs(user);
      const byPath = new Map<string, string>();
      for (const path of DATA_PAGE_PATHS) byPath.set(path, (await client.get(`/data/${path}`)).rc);
      status.set(user, byPath);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const rc = (user: string, path: string) => status.get(user)?.get(path);

  it('the partner opens every page except the aggregator ones', () => {
    for (const path of DATA_PAGE_PATHS) {
      expect(rc('partner@demo.id', path), path).toBe(
        AGGREGATOR_PAGES.includes(path) ? '403' : '00',
      );
    }
  });

  it('the aggregator opens the aggregator pages', () => {
    for (const path of AGGREGATOR_PAGES) expect(rc('aggregator@demo.id', path), path).toBe('00');
  });

  it('a personal end user is refused the transaction and bulk VA pages (and API pages)', () => {
    expect(rc('enduser@demo.id', 'transaction')).toBe('403');
    expect(rc('enduser@demo.id', 'bulk_virtual_account')).toBe('403');
    expect(rc('enduser@demo.id', 'transfer')).toBe('00');
    expect(rc('enduser@demo.id', 'balance')).toBe('00');
  });

  it('an agent without the API flag is refused the API pages', () => {
    for (const path of API_PAGES) expect(rc('newbiz@demo.id', path), path).toBe('403');
    expect(rc('newbiz@demo.id', 'transaction')).toBe('00');
    expect(rc('newbiz@demo.id', 'export_data')).toBe('00');
  });

  it('a sub-user with a denied data module is refused that page; the activity log is for main users', () => {
    expect(rc('staff@demo.id', 'callback')).toBe('403');
    expect(rc('staff@demo.id', 'activity_log')).toBe('403');
    expect(rc('staff@demo.id', 'transaction')).toBe('00');
    expect(rc('partner@demo.id', 'activity_log')).toBe('00');
  });

  it('without a session every page answers 401', async () => {
    const anonymous = t.client();
    for (const path of ['transaction', 'deposit', 'export_data']) {
      expect((await anonymous.get(`/data/${path}`)).rc).toBe('401');
    }
  });

  it('refusals are translated', async () => {
    const en = await t.loginAs('enduser@demo.id', { lang: 'en' });
    const res = await en.get('/data/transaction');
    expect(res.rc).toBe('403');
    expect(res.rd.length).toBeGreaterThan(0);
    expect(res.rd).not.toMatch(/^common\./);
  });
});
