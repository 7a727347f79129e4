import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { consoleLogin } from '../signup/helpers';

/**
 * The console's queues with rows in them: the reviewer sees each request as it is and decides it
 * through the console's calls (test mode also holds every answer to its call's contract, so a
 * row the contract does not describe fails here). The other areas' tests decide through the
 * review functions; these go through the routes the console page uses.
 */
describe.each(testDatabases())('console queues and decisions on %s', (kind) => {
  let t: TestApp;
  let partner: { id: number; userId: number };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const row = await t.services.db
      .selectFrom('users')
      .select(['id', 'agent_id'])
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    partner = { id: row.agent_id, userId: row.id };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newNmidRequest(usaha: string) {
    const row = await t.services.db
      .insertInto('nmid_requests')
      .values({
        agent_id: partner.id,
        environment: 'production',
        user_id: partner.userId,
        nama_nmid: 'QRIS Statis',
        nama: 'Rina Wulandari',
        tempat_lahir: 'Bandung',
        tgl_lahir: '1988-04-17',
        no_ktp: '3273015704880002',
        no_npwp: '093456789012000',
        no_hp: '081234567890',
        jenis_usaha: 'Retail',
        nama_aplikasi: 'Nusantara Pay',
        url_website: null,
        email: 'rina@contoh.co.id',
        nama_usaha: usaha,
        alamat_usaha: 'Jl. Braga No. 88',
        kabupaten: 'Kota Bandung',
        kode_pos: '40111',
        pendapatan: 'Rp 100 - 500 juta per tahun',
        nmid: null,
        images: JSON.stringify({ gambar_depan: 'x.jpg', foto_ktp: 'y.jpg' }),
        created_date: '2026-03-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('the session call says whether a staff member is logged in, and logout ends it', async () => {
    const anonymous = await t.client({ lang: 'en' }).get('/console/auth/session');
    expect(anonymous.rc).toBe('00');
    expect(anonymous.data.staff).toBeNull();
    expect(anonymous.data.csrf).toEqual(expect.any(String));
    const ops = await consoleLogin(t);
    const session = await ops.get('/console/auth/session');
    expect(session.data.staff.email).toBe('ops@demo.id');
    expect(session.data.staff.access.console_nmid).toContain('UPDATE');
    expect((await ops.post('/console/auth/logout')).rc).toBe('00');
    expect((await ops.get('/console/auth/session')).data.staff).toBeNull();
    expect((await ops.get('/console/queues')).rc).not.toBe('00');
  });

  it('NMID requests: listed with their photos, approved with an NMID, rejected with a reason', async () => {
    const first = await newNmidRequest('Kedai Konsol Satu');
    const second = await newNmidRequest('Kedai Konsol Dua');
    const ops = await consoleLogin(t);
    const open = await ops.get('/console/nmid', { status: 0 });
    expect(open.rc).toBe('00');
    const row = open.data.find((r: { id: number }) => r.id === first);
    expect(row).toMatchObject({ namaUsaha: 'Kedai Konsol Satu', status: 0, nmid: null });
    // The stored photos only (jsonb keeps its own key order).
    expect([...row.images].sort()).toEqual(['foto_ktp', 'gambar_depan']);
    expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
    expect((await ops.get('/console/queues')).data.nmid).toBeGreaterThanOrEqual(2);

    const bad = await ops.post(`/console/nmid/${first}/approve`, { nmid: 'not-an-nmid' });
    expect(bad.rc).toBe('400');
    const approved = await ops.post(`/console/nmid/${first}/approve`, { nmid: 'id2026030100001' });
    expect(approved.rc).toBe('00');
    expect(approved.data).toMatchObject({ id: first, status: 2, nmid: 'ID2026030100001' });
    expect(approved.data.decidedAt).toEqual(expect.any(String));

    expect((await ops.post(`/console/nmid/${second}/reject`, { reason: ' ' })).rc).toBe('400');
    const rejected = await ops.post(`/console/nmid/${second}/reject`, { reason: 'Foto buram' });
    expect(rejected.data).toMatchObject({ id: second, status: 3, rejectReason: 'Foto buram' });
    const left = (await ops.get('/console/nmid', { status: 0 })).data.map(
      (r: { id: number }) => r.id,
    );
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
  });

  it('advance requests: listed with the days the server refused, rejected with a reason', async () => {
    const { id } = await t.services.db
      .insertInto('dana_talangan_requests')
      .values({
        agent_id: partner.id,
        environment: 'production',
        user_id: partner.userId,
        username: 'partner@demo.id',
        date_from: '2026-02-01',
        date_to: '2026-02-02',
        id_produk: 'QRIS',
        nama_produk: 'QRIS',
        nominal: 150_000,
        forced: true,
        missing_dates: JSON.stringify([{ date: '2026-02-02', reason: 'no_sales' }]),
        created_date: '2026-02-03',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ops = await consoleLogin(t);
    const open = await ops.get('/console/advance', { status: 0 });
    expect(open.rc).toBe('00');
    const row = open.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ nominal: 150_000, forced: true, decidedAt: null });
    expect(row.missingDates).toEqual([{ date: '2026-02-02', reason: 'no_sales' }]);
    const rejected = await ops.post(`/console/advance/${id}/reject`, {
      reason: 'Belum ada penjualan',
    });
    expect(rejected.rc).toBe('00');
    expect(rejected.data).toMatchObject({ id, status: 2, rejectReason: 'Belum ada penjualan' });
    // Decided once: a second decision is refused and changes nothing.
    expect((await ops.post(`/console/advance/${id}/approve`)).rc).not.toBe('00');
  });

  it('news: an edit replaces the article the list shows', async () => {
    const ops = await consoleLogin(t);
    const article = { title: 'Draf', category_id: 1598, foto: '', konten: '<p>a</p>' };
    const { id } = (await ops.post('/console/news', article)).data;
    const edited = await ops.post(`/console/news/${id}`, { ...article, title: 'Judul akhir' });
    expect(edited).toMatchObject({ rc: '00', data: { id } });
    const listed = (await ops.get('/console/news')).data.find((a: { id: number }) => a.id === id);
    expect(listed).toMatchObject({ title: 'Judul akhir', is_published: false });
    expect(Number.isNaN(Date.parse(listed.updated_at))).toBe(false);
    expect((await ops.post('/console/news/999999', article)).rc).toBe('404');
  });

  it('failing callbacks: the merchant is listed with its failures and its page counts them', async () => {
    await t.services.db
      .insertInto('callbacks')
      .values({
        agent_id: partner.id,
        environment: 'production',
        id_transaksi: 'CONSOLE-TEST-1',
        time_request: null,
        date_created: t.services.now(),
        created_date: '2026-03-01',
        status_sent: 2,
        type_callback: 'payment',
        url_callback: 'https://contoh.co.id/cb',
        request_raw: '{}',
        response_raw: null,
        http_status: 500,
        next_attempt_at: null,
        claimed_until: null,
        lease_token: null,
      })
      .execute();
    const ops = await consoleLogin(t);
    const failing = await ops.get('/console/callbacks/failing');
    const row = failing.data.find((r: { agentId: number }) => r.agentId === partner.id);
    expect(row).toMatchObject({ username: 'partner@demo.id' });
    expect(row.failed).toBeGreaterThanOrEqual(1);
    const page = await ops.get(`/console/merchants/${partner.id}`);
    expect(page.rc).toBe('00');
    const failed = page.data.callbacks.find((c: { status: number }) => c.status === 2);
    expect(failed.count).toBeGreaterThanOrEqual(1);
    expect((await ops.get('/console/merchants', { q: 'partner' })).data[0].username).toBe(
      'partner@demo.id',
    );
  });
});
