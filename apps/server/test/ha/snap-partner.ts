import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isTransferOk, Ledger } from '@gerbang/ledger';
import { SnapClient } from '@gerbang/snap-client';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';

/**
 * A SNAP partner for the failover test, registered as bench/snap.bench.ts does: the portal's own
 * calls (client secret, IP whitelist 127.0.0.1, RSA public key — each through the OTP flow, codes
 * read from the outbox), then funded through the ledger; the SDK takes the token and signs.
 */
export interface SnapPartner {
  sdk: SnapClient;
}

const TEST_KEY = 'ha-test-mode-key';
const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

async function portal(base: string, db: Kysely<Database>, username: string) {
  let cookies = cookiesOf(await fetch(`${base}/api/auth/csrf_token`));
  const token = () => cookies.find((c) => c.startsWith('gerbang_csrf='))?.split('=')[1] ?? '';
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: {
        cookie: cookies.join('; '),
        'x-csrf-token': token(),
        'content-type': 'application/json',
        origin: base,
      },
      body: JSON.stringify(body),
    });
    const fresh = cookiesOf(res);
    cookies = [
      ...cookies.filter((c) => !fresh.some((n) => n.split('=')[0] === c.split('=')[0])),
      ...fresh,
    ];
    const json = (await res.json()) as { rc: string; rd: string; data: any };
    if (json.rc !== '00') throw new Error(`${url}: ${json.rc} ${json.rd}`);
    return json.data;
  };
  await post('/auth/login', { username, password: DEMO_PASSWORD, captcha: TEST_KEY });
  const otp = async (brand: string) => {
    const created = await post('/control/create_otp', { captcha: '', brand });
    const { rows } = await sql<{ subject: string }>`
      select subject from mail_outbox where kind = 'otp' and to_address = ${username}
      order by id desc limit 1`.execute(db);
    const code = /(\d{6})/.exec(String(rows[0]?.subject ?? ''))?.[1] ?? '';
    return { id_otp: created.idOtp, otp: code, captcha: '' };
  };
  return { post, otp };
}

export async function registerSnapPartner(
  base: string,
  db: Kysely<Database>,
  username: string,
): Promise<SnapPartner> {
  const p = await portal(base, db, username);
  const credential = await p.post('/control/generate_credential_server', {
    ...(await p.otp('credential')),
    email_destination: '',
  });
  await p.post('/control/update_credential', {
    ...(await p.otp('whitelist')),
    app_name: 'ha',
    ip_address: '127.0.0.1',
  });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await p.post('/control/snap_public_key', {
    ...(await p.otp('snapKey')),
    public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const sdk = new SnapClient({
    baseUrl: base,
    clientId: credential.client_id,
    clientSecret: credential.client_secret,
    privateKey,
    retries: { retries: 6, baseDelayMs: 300, maxDelayMs: 3_000, timeoutMs: 20_000 },
  });
  const { rows } = await sql<{ agent_id: number; environment: 'production' | 'sandbox' }>`
    select agent_id, environment from agent_credentials where client_id = ${credential.client_id}`.execute(
    db,
  );
  const row = rows[0]!;
  const ledger = new Ledger(db as Kysely<any>, { batching: false });
  const [clearing, merchant] = await ledger.ensureAccounts([
    { kind: 'cash_in_clearing', environment: row.environment, subkey: 'ha' },
    { kind: 'merchant_available', agentId: Number(row.agent_id), environment: row.environment },
  ]);
  const funded = await ledger.createTransfer({
    id: `ha-fund-${randomBytes(6).toString('hex')}`,
    debitAccountId: clearing!.id,
    creditAccountId: merchant!.id,
    amount: 10_000_000_000,
    kind: 'topup',
  });
  if (!isTransferOk(funded)) throw new Error(`funding refused: ${funded.result}`);
  return { sdk };
}
