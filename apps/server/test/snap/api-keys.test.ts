import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCallbacksOnce } from '../../src/modules/callbacks/deliver';
import { queueCallback } from '../../src/modules/callbacks/queue';
import { startReceiver } from '../callbacks/receiver';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { otpFor, type Partner, registerPartner, snapClient, TEN_WIB } from './partner';

/**
 * Scoped API keys and rotation with overlap, through the portal's calls and a
 * SNAP client written from the standard (partner.ts): a key outside its scope (403xx01), from an
 * IP outside its list (403xx01), expired (401xx00), a rotated secret inside and after its grace
 * (401xx00 after), a revoked key's token (401xx01); each refusal in the API log. The key count
 * holds under parallel creations. The callback signing key's rotation: during the overlap every
 * delivery carries both signatures, each verifiable with its key; after it only the new one.
 */
const HOUR = 3_600_000;
const BALANCE = '/snap/v1.0/balance-inquiry';
const TRANSFER = '/snap/v1.0/transfer-interbank';

/** docs/api.md's callback signature, written here independently of modules/callbacks/sign.ts. */
const callbackSignature = (key: string, timestamp: string, body: string) =>
  createHmac('sha512', key).update(`${timestamp}.${body}`, 'utf8').digest('hex');

describe.each(testDatabases())('API keys on %s', (kind) => {
  let t: TestApp;
  let portal: TestClient;
  let partner: Partner;
  let agentId: number;

  const reauth = async () =>
    expect((await portal.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');

  async function createKey(body: Record<string, unknown>): Promise<Partner & { id: number }> {
    const res = await portal.post('/security/api_keys/create', {
      name: 'key',
      allowIp: [],
      expiresAt: null,
      ...body,
    });
    expect(res.rc, res.rd).toBe('00');
    return {
      ...partner,
      id: res.data.id,
      clientId: res.data.clientId,
      clientSecret: res.data.clientSecret,
    };
  }

  const transferBody = {
    partnerReferenceNo: 'REF-SCOPE-1',
    amount: { value: '10000.00', currency: 'IDR' },
    beneficiaryBankCode: '014',
    beneficiaryAccountNo: '1234567890',
    sourceAccountNo: '',
    transactionDate: '2026-11-23T10:00:00+07:00',
  };

  const lastLog = () =>
    t.services.db
      .selectFrom('snap_api_log')
      .select(['response_code', 'path'])
      .where('agent_id', '=', agentId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1', signature: true });
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    agentId = Number(agent.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('asks a fresh re-authentication, then shows the secret once; the list never has it', async () => {
    const body = { name: 'reader', scopes: ['balance:read'], allowIp: [], expiresAt: null };
    const refused = await portal.post('/security/api_keys/create', body);
    expect(refused.status).toBe(428);
    await reauth();
    expect((await portal.post('/security/api_keys/create', { ...body, scopes: [] })).rc).toBe(
      '400',
    );
    expect((await portal.post('/security/api_keys/create', { ...body, scopes: ['x:y'] })).rc).toBe(
      '400',
    );
    expect(
      (await portal.post('/security/api_keys/create', { ...body, allowIp: ['not-an-ip'] })).rc,
    ).toBe('400');
    const past = new Date(t.clock.now.getTime() - HOUR).toISOString();
    expect((await portal.post('/security/api_keys/create', { ...body, expiresAt: past })).rc).toBe(
      '400',
    );
    const key = await createKey(body);
    expect(key.clientSecret).toMatch(/^[\w-]{40,}$/);
    const list = await portal.get('/security/api_keys');
    expect(list.rc).toBe('00');
    expect(JSON.stringify(list.data)).not.toContain(key.clientSecret);
    // The default key (the credential's client id) has every scope.
    expect(list.data.items[0]).toMatchObject({ id: null, clientId: partner.clientId });
    expect(list.data.items[0].scopes).toContain('transfer:write');
    expect(list.data.items.find((k: any) => k.id === key.id)).toMatchObject({
      name: 'reader',
      scopes: ['balance:read'],
      lastUsedAt: null,
    });
  });

  it('a key calls inside its scope and is refused outside it with 403xx01, logged', async () => {
    await reauth();
    const key = await createKey({ name: 'balance only', scopes: ['balance:read'] });
    const snap = snapClient(t, key);
    const token = await snap.token();
    const ok = await snap.call(BALANCE, {}, { token });
    expect(ok.body.responseCode, JSON.stringify(ok.body)).toBe('2001100');
    const out = await snap.call(TRANSFER, transferBody, { token });
    expect(out.status).toBe(403);
    expect(out.body.responseCode).toBe('4031801');
    expect(out.body.responseMessage).toContain('scope');
    expect(await lastLog()).toMatchObject({ response_code: '4031801', path: TRANSFER });
    const listed = (await portal.get('/security/api_keys')).data.items.find(
      (k: any) => k.id === key.id,
    );
    expect(listed.lastUsedAt).not.toBeNull();
    // The default key still calls everything (the existing partner flow).
    const all = snapClient(t, partner);
    expect((await all.call(BALANCE, {}, { token: await all.token() })).body.responseCode).toBe(
      '2001100',
    );
  });

  it('a key with its own IP list refuses other addresses with 403xx01', async () => {
    await reauth();
    const key = await createKey({
      name: 'office only',
      scopes: ['balance:read'],
      allowIp: ['10.20.30.40'],
    });
    const snap = snapClient(t, key);
    const denied = await snap.accessToken();
    expect(denied.body.responseCode).toBe('4037301');
    expect(await lastLog()).toMatchObject({ response_code: '4037301' });
    const fromOffice = await snap.accessToken({ ip: '10.20.30.40' });
    expect(fromOffice.body.responseCode).toBe('2007300');
    const token = fromOffice.body.accessToken;
    expect((await snap.call(BALANCE, {}, { token, ip: '10.20.30.40' })).body.responseCode).toBe(
      '2001100',
    );
    expect((await snap.call(BALANCE, {}, { token })).body.responseCode).toBe('4031101');
  });

  it('an expired key is refused with 401xx00 at the token and at a call, logged', async () => {
    await reauth();
    const expiresAt = new Date(t.clock.now.getTime() + 10 * 60_000).toISOString();
    const key = await createKey({ name: 'short', scopes: ['balance:read'], expiresAt });
    const snap = snapClient(t, key);
    const token = await snap.token();
    expect((await snap.call(BALANCE, {}, { token })).body.responseCode).toBe('2001100');
    t.clock.advance(11 * 60_000);
    const call = await snap.call(BALANCE, {}, { token });
    expect(call.status).toBe(401);
    expect(call.body).toMatchObject({ responseCode: '4011100' });
    expect(call.body.responseMessage).toContain('expired');
    expect(await lastLog()).toMatchObject({ response_code: '4011100' });
    expect((await snap.accessToken()).body.responseCode).toBe('4017300');
    const listed = (await portal.get('/security/api_keys')).data.items.find(
      (k: any) => k.id === key.id,
    );
    expect(listed.expired).toBe(true);
  });

  it('a rotated secret works beside the new one during its grace, and is refused after it', async () => {
    await reauth();
    const key = await createKey({ name: 'rotating', scopes: ['balance:read'] });
    expect(
      (await portal.post('/security/api_keys/rotate', { id: key.id, graceHours: 169 })).rc,
    ).toBe('400');
    const rotated = await portal.post('/security/api_keys/rotate', { id: key.id, graceHours: 24 });
    expect(rotated.rc, rotated.rd).toBe('00');
    expect(rotated.data.clientSecret).not.toBe(key.clientSecret);
    const oldSnap = snapClient(t, key);
    const newSnap = snapClient(t, { ...key, clientSecret: rotated.data.clientSecret });
    const token = await newSnap.token();
    expect((await oldSnap.call(BALANCE, {}, { token })).body.responseCode).toBe('2001100');
    expect((await newSnap.call(BALANCE, {}, { token })).body.responseCode).toBe('2001100');
    t.clock.advance(23 * HOUR);
    const later = await newSnap.token();
    expect((await oldSnap.call(BALANCE, {}, { token: later })).body.responseCode).toBe('2001100');
    t.clock.advance(2 * HOUR);
    const after = await newSnap.token();
    const refused = await oldSnap.call(BALANCE, {}, { token: after });
    expect(refused.status).toBe(401);
    expect(refused.body.responseCode).toBe('4011100');
    expect(refused.body.responseMessage).toContain('grace period has ended');
    expect(await lastLog()).toMatchObject({ response_code: '4011100' });
    expect((await newSnap.call(BALANCE, {}, { token: after })).body.responseCode).toBe('2001100');
    // A day has passed: the portal session reached its absolute lifetime (1 day) and ended.
    expect((await portal.get('/security/api_keys')).status).toBe(401);
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
  });

  it('a revoked key: its live token is refused at once (401xx01), and so is a new token', async () => {
    await reauth();
    const key = await createKey({ name: 'to revoke', scopes: ['balance:read'] });
    const snap = snapClient(t, key);
    const token = await snap.token();
    expect((await portal.post('/security/api_keys/revoke', { id: key.id })).rc).toBe('00');
    expect((await snap.call(BALANCE, {}, { token })).body.responseCode).toBe('4011101');
    expect((await snap.accessToken()).body.responseCode).toBe('4017300');
    expect((await portal.post('/security/api_keys/revoke', { id: key.id })).rc).toBe('404');
  });

  it('the key count holds under parallel creations', async () => {
    await reauth();
    const before = (await portal.get('/security/api_keys')).data.items.filter(
      (k: any) => k.id !== null,
    ).length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        portal.post('/security/api_keys/create', {
          name: `parallel ${i}`,
          scopes: ['va:read'],
          allowIp: [],
          expiresAt: null,
        }),
      ),
    );
    const created = answers.filter((a) => a.rc === '00').length;
    expect(created).toBe(10 - before);
    expect(answers.filter((a) => a.rc === '01').every((a) => /already have 10/.test(a.rd))).toBe(
      true,
    );
    const rows = await t.services.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agentId)
      .where('environment', '=', 'production')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
  });

  it('the default key regenerated with an overlap: both secrets until it ends, then only the new', async () => {
    const bad = await portal.post('/control/generate_credential_server', {
      ...(await otpFor(t, portal, 'credential')),
      email_destination: '',
      grace_hours: 169,
    });
    expect(bad.rc).toBe('400');
    const regenerated = await portal.post('/control/generate_credential_server', {
      ...(await otpFor(t, portal, 'credential')),
      email_destination: '',
      grace_hours: 12,
    });
    expect(regenerated.rc, regenerated.rd).toBe('00');
    expect(regenerated.data.client_id).toBe(partner.clientId);
    // The credential page shows until when the old secret still works.
    const shown = await portal.get('/control/credential_server');
    const secretUntil = Date.parse(shown.data.credential.previous_secret_until);
    expect(Math.abs(secretUntil - (t.clock.now.getTime() + 12 * HOUR))).toBeLessThan(60_000);
    const oldSnap = snapClient(t, partner);
    const newSnap = snapClient(t, { ...partner, clientSecret: regenerated.data.client_secret });
    const token = await newSnap.token();
    expect((await oldSnap.call(BALANCE, {}, { token })).body.responseCode).toBe('2001100');
    expect((await newSnap.call(BALANCE, {}, { token })).body.responseCode).toBe('2001100');
    t.clock.advance(13 * HOUR);
    const later = await newSnap.token();
    const refused = await oldSnap.call(BALANCE, {}, { token: later });
    expect(refused.body.responseCode).toBe('4011100');
    expect(refused.body.responseMessage).toContain('grace period has ended');
    expect((await newSnap.call(BALANCE, {}, { token: later })).body.responseCode).toBe('2001100');
    partner = { ...partner, clientSecret: regenerated.data.client_secret };
    // 13 idle hours ended the portal session (2 h idle timeout): log in again.
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    // Without an overlap (the existing flow) the old secret stops at once.
    const again = await portal.post('/control/generate_credential_server', {
      ...(await otpFor(t, portal, 'credential')),
      email_destination: '',
    });
    expect(again.rc, again.rd).toBe('00');
    const token2 = await snapClient(t, {
      ...partner,
      clientSecret: again.data.client_secret,
    }).token();
    expect(
      (await snapClient(t, partner).call(BALANCE, {}, { token: token2 })).body.responseCode,
    ).toBe('4011100');
    partner = { ...partner, clientSecret: again.data.client_secret };
  });

  it('callback signing key rotation: both signatures during the overlap, the new one after', async () => {
    const receiver = await startReceiver();
    try {
      const db = t.services.db as Kysely<any>;
      await db
        .insertInto('callback_urls')
        .values({
          agent_id: agentId,
          environment: 'production',
          idinfo: 4,
          type_info: 'DISBURSEMENT',
          type_value: receiver.url('/hook'),
          updated_at: t.clock.now,
        })
        .onConflict((oc: any) =>
          oc
            .columns(['agent_id', 'environment', 'idinfo'])
            .doUpdateSet({ type_value: receiver.url('/hook') }),
        )
        .execute();
      const oldKey = partner.signatureKey as string;
      // An overlap past 7 days is refused before the OTP is used.
      const bad = await portal.post('/control/create_signature', {
        ...(await otpFor(t, portal, 'signature')),
        email_destination: '',
        kode: 'RESET',
        grace_hours: 169,
      });
      expect(bad.rc).toBe('400');
      const reset = await portal.post('/control/create_signature', {
        ...(await otpFor(t, portal, 'signature')),
        email_destination: '',
        kode: 'RESET',
        grace_hours: 48,
      });
      expect(reset.rc, reset.rd).toBe('00');
      const shown = await portal.get('/control/credential_server');
      const signatureUntil = Date.parse(shown.data.credential.previous_signature_until);
      expect(Math.abs(signatureUntil - (t.clock.now.getTime() + 48 * HOUR))).toBeLessThan(60_000);
      const newKey = reset.data.signature_key as string;
      const deliver = async (id: string) => {
        await db.transaction().execute(async (trx) => {
          await queueCallback(trx as never, t.clock.now, {
            agentId,
            environment: 'production',
            idTransaksi: id,
            type: 'disbursement',
            timeRequest: t.clock.now,
            body: { id_transaksi: id, status_trx: 'SUCCESS', nominal: 150_000 },
          });
        });
        await runCallbacksOnce(t.services, { timeoutMs: 10_000, idlePollMs: 50 });
        const got = receiver.received.find((r) => r.body.includes(id));
        if (!got) throw new Error(`no delivery of ${id}`);
        return got;
      };
      const during = await deliver('ROT-DURING-1');
      const ts = String(during.headers['x-callback-timestamp']);
      expect(during.headers['x-signature']).toBe(callbackSignature(newKey, ts, during.body));
      expect(during.headers['x-signature-previous']).toBe(
        callbackSignature(oldKey, ts, during.body),
      );
      t.clock.advance(49 * HOUR);
      const after = await deliver('ROT-AFTER-1');
      const ts2 = String(after.headers['x-callback-timestamp']);
      expect(after.headers['x-signature']).toBe(callbackSignature(newKey, ts2, after.body));
      expect(after.headers['x-signature-previous']).toBeUndefined();
      // (49 hours later the portal session is over: a new login reads the page.)
      portal = await t.loginAs('partner@demo.id', { lang: 'en' });
      const ended = await portal.get('/control/credential_server');
      expect(ended.data.credential.previous_signature_until).toBeNull();
    } finally {
      await receiver.close();
    }
  });
});
