import { createHash, createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../helpers/test-app';
import { assertDocumented } from './contract';

/**
 * A SNAP client written from the standard's description, with node:crypto only — independent of
 * modules/snap/signature.ts — plus the portal steps a partner takes on the credential page. Every
 * answer it receives is held to /snap/openapi.json (contract.ts) before the test sees it.
 */

export interface Partner {
  clientId: string;
  clientSecret: string;
  privateKey: KeyObject;
  publicPem: string;
  signatureKey: string | null;
}

/** ISO 8601 in WIB with its offset, as SNAP clients send X-TIMESTAMP. */
export function snapTimestamp(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
  return `${wib}+07:00`;
}

/** Monday 23 November 2026, 10:00 WIB: inside banking hours, where the SNAP test files start. */
export const TEN_WIB = new Date('2026-11-23T03:00:00Z');

/** A SNAP amount object in rupiah, as the standard writes it ("150000.00", IDR). */
export const rupiah = (n: number) => ({ value: `${n}.00`, currency: 'IDR' as const });

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function tokenSignature(key: KeyObject, clientId: string, timestamp: string): string {
  return sign('sha256', Buffer.from(`${clientId}|${timestamp}`, 'utf8'), key).toString('base64');
}

export function serviceSignature(
  secret: string,
  method: string,
  path: string,
  token: string,
  minifiedBody: string,
  timestamp: string,
): string {
  return createHmac('sha512', secret)
    .update(`${method}:${path}:${token}:${sha256Hex(minifiedBody)}:${timestamp}`, 'utf8')
    .digest('base64');
}

export function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** The OTP code of the latest OTP mail to `to`. */
async function lastOtpCode(t: TestApp, to: string): Promise<string> {
  const mail = await t.services.db
    .selectFrom('mail_outbox')
    .select(['subject'])
    .where('to_address', '=', to)
    .where('kind', '=', 'otp')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in ${mail.subject}`);
  return code;
}

export async function otpFor(t: TestApp, c: TestClient, brand: string, to = 'partner@demo.id') {
  await t.services.db
    .deleteFrom('guess_tries')
    .where('scope', '=', 'credential_otp_request')
    .execute();
  const res = await c.post('/control/create_otp', { captcha: '', brand });
  expect(res.rc, res.rd).toBe('00');
  return { id_otp: res.data.idOtp as string, otp: await lastOtpCode(t, to), captcha: '' };
}

/** The agent id of a demo login (tests read the agent's rows by it). */
export async function agentIdOf(t: TestApp, username: string): Promise<number> {
  const agent = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(agent.id);
}

/** Everything a partner does on the credential page, through the portal's own calls. */
export async function registerPartner(
  t: TestApp,
  c: TestClient,
  opts: { ips: string; signature?: boolean },
): Promise<Partner> {
  const generated = await c.post('/control/generate_credential_server', {
    ...(await otpFor(t, c, 'credential')),
    email_destination: '',
  });
  expect(generated.rc, generated.rd).toBe('00');
  const whitelist = await c.post('/control/update_credential', {
    ...(await otpFor(t, c, 'whitelist')),
    app_name: 'SNAP test',
    ip_address: opts.ips,
  });
  expect(whitelist.rc, whitelist.rd).toBe('00');
  const keys = newKeyPair();
  const uploaded = await c.post('/control/snap_public_key', {
    ...(await otpFor(t, c, 'snapKey')),
    public_key: keys.publicPem,
  });
  expect(uploaded.rc, uploaded.rd).toBe('00');
  let signatureKey: string | null = null;
  if (opts.signature) {
    const signature = await c.post('/control/create_signature', {
      ...(await otpFor(t, c, 'signature')),
      email_destination: '',
      kode: 'ACTIVATED',
    });
    expect(signature.rc, signature.rd).toBe('00');
    signatureKey = signature.data.signature_key;
  }
  return {
    clientId: generated.data.client_id,
    clientSecret: generated.data.client_secret,
    ...keys,
    signatureKey,
  };
}

export interface SnapAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, any>;
}

/** The answer, once it matches the document for its path and status. */
function documented(
  path: string,
  res: { statusCode: number; headers: Record<string, unknown>; json: () => any },
): SnapAnswer {
  const body = res.json();
  assertDocumented(path, res.statusCode, body);
  return { status: res.statusCode, headers: res.headers, body };
}

export function snapClient(t: TestApp, partner: Partner) {
  async function accessToken(
    opts: { ip?: string; at?: Date; key?: KeyObject; clientId?: string } = {},
  ): Promise<SnapAnswer> {
    const timestamp = snapTimestamp(opts.at ?? t.clock.now);
    const clientId = opts.clientId ?? partner.clientId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/snap/v1.0/access-token/b2b',
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-client-key': clientId,
        'x-signature': tokenSignature(opts.key ?? partner.privateKey, clientId, timestamp),
      },
      payload: '{"grantType":"client_credentials"}',
    });
    return documented('/snap/v1.0/access-token/b2b', res);
  }

  async function token(): Promise<string> {
    const res = await accessToken();
    expect(res.body.responseCode, JSON.stringify(res.body)).toBe('2007300');
    return res.body.accessToken;
  }

  let counter = 0;
  const nextExternalId = () => `${Date.now()}${String(++counter).padStart(4, '0')}`.slice(-20);

  async function call(
    path: string,
    body: unknown,
    opts: {
      token: string;
      externalId?: string;
      ip?: string;
      at?: Date;
      secret?: string;
      /** Sign a different body than the one sent (a wrong body hash). */
      signedBody?: string;
      /** Send this text instead of the body (e.g. broken JSON). */
      raw?: string;
      headers?: Record<string, string>;
    },
  ): Promise<SnapAnswer> {
    const timestamp = snapTimestamp(opts.at ?? t.clock.now);
    const minified = JSON.stringify(body);
    // Sent pretty-printed: the server must hash the minified form.
    const sent = JSON.stringify(body, null, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${opts.token}`,
        'x-timestamp': timestamp,
        'x-partner-id': partner.clientId,
        'x-external-id': opts.externalId ?? nextExternalId(),
        'channel-id': '95221',
        'x-signature': serviceSignature(
          opts.secret ?? partner.clientSecret,
          'POST',
          path,
          opts.token,
          opts.signedBody ?? minified,
          timestamp,
        ),
        ...opts.headers,
      },
      payload: opts.raw ?? sent,
    });
    return documented(path, res);
  }

  return { accessToken, token, call, nextExternalId };
}
