/**
 * SNAP partner API benchmark (issue 18): signed `POST /snap/v1.0/transfer-interbank` calls per
 * second on PostgreSQL with 16 clients, and the p99. The bench makes a fresh PostgreSQL database,
 * starts the real server (`apps/server/src/main.ts`, demo data, job loop on) in its own process,
 * registers partner@demo.id's credential through the portal's own calls (client secret, IP
 * whitelist 127.0.0.1, RSA public key — each through the OTP flow, codes read from the outbox),
 * takes an access token with the SDK (packages/snap-client), then drives transfers with
 * autocannon: every request gets a fresh partnerReferenceNo and is signed by the SDK's
 * `signRequest` (new X-EXTERNAL-ID, X-TIMESTAMP and HMAC-SHA512 signature). Each transfer is the
 * whole path: signature, rate slot, external id, pricing, the rail's account inquiry, hold, rows,
 * rail submission, the rail call and finalize, the API log. The script runs under
 * `tsx --conditions=@gerbang/source`, which reads the SDK from its source (no build needed).
 *
 *   npm run bench:snap     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   SNAP_BENCH_SECONDS=10 SNAP_BENCH_CONNECTIONS=16 npm run bench:snap
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { SnapClient } from '@gerbang/snap-client';
import autocannon from 'autocannon';
import pg from 'pg';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.SNAP_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.SNAP_BENCH_CONNECTIONS ?? 16);
const TEST_KEY = 'bench-test-key';
const PATH = '/snap/v1.0/transfer-interbank';

async function query(connectionString: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(base: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/auth/csrf_token`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

/** The portal session of partner@demo.id (test key: no captcha) and its POST helper. */
async function portal(base: string, dbUrl: string) {
  const csrf = await fetch(`${base}/api/auth/csrf_token`);
  let cookies = cookiesOf(csrf);
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
    cookies = [
      ...cookies.filter((c) => !cookiesOf(res).some((n) => n.split('=')[0] === c.split('=')[0])),
      ...cookiesOf(res),
    ];
    const json = (await res.json()) as { rc: string; rd: string; data: any };
    if (json.rc !== '00') throw new Error(`${url}: ${json.rc} ${json.rd}`);
    return json.data;
  };
  await post('/auth/login', {
    username: 'partner@demo.id',
    password: 'Gerbang#Demo2026',
    captcha: TEST_KEY,
  });
  const otp = async (brand: string) => {
    const created = await post('/control/create_otp', { captcha: '', brand });
    const rows = await query(
      dbUrl,
      `select subject from mail_outbox where kind = 'otp' order by id desc limit 1`,
    );
    const code = /(\d{6})/.exec(String(rows[0]?.subject ?? ''))?.[1] ?? '';
    return { id_otp: created.idOtp, otp: code, captcha: '' };
  };
  return { post, otp };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main() {
  const name = `gerbang_snap_${randomBytes(4).toString('hex')}`;
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  await query(BASE_URL, `CREATE DATABASE ${name}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        GERBANG_MODE: 'demo',
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        TEST_MODE_KEY: TEST_KEY,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForServer(base, server);
    const p = await portal(base, dbUrl);
    const credential = await p.post('/control/generate_credential_server', {
      ...(await p.otp('credential')),
      email_destination: '',
    });
    await p.post('/control/update_credential', {
      ...(await p.otp('whitelist')),
      app_name: 'bench',
      ip_address: '127.0.0.1',
    });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await p.post('/control/snap_public_key', {
      ...(await p.otp('snapKey')),
      public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    // The bench measures the call, not the per-partner budget (600 a minute by default).
    await query(dbUrl, 'update agent_credentials set snap_rate_per_minute = 100000000');

    const sdk = new SnapClient({
      baseUrl: base,
      clientId: credential.client_id,
      clientSecret: credential.client_secret,
      privateKey,
    });
    const accessToken = await sdk.accessToken();

    let seq = 0;
    const runId = randomBytes(3).toString('hex');
    const signed = () => {
      seq++;
      const request = sdk.signRequest(
        PATH,
        {
          partnerReferenceNo: `B${runId}-${seq}`,
          amount: { value: '1000.00', currency: 'IDR' },
          beneficiaryAccountNo: `12345${String(seq % 100_000).padStart(5, '1')}`,
          beneficiaryBankCode: '014',
        },
        { accessToken },
      );
      return { method: 'POST' as const, path: PATH, ...request };
    };
    const probe = signed();
    const probeRes = await fetch(base + PATH, probe);
    const probeBody = await probeRes.text();
    if (!probeBody.includes('"2001800"')) throw new Error(`transfer failed: ${probeBody}`);
    console.log(
      `SNAP bench: signed POST ${PATH}, ${CONNECTIONS} clients, ${SECONDS} s, PostgreSQL (database ${name})`,
    );
    const codes = new Map<string, number>();
    const result = await run({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, ...signed() }) }],
      setupClient: (client) => {
        client.on('body', (buf: Buffer) => {
          const code = /"responseCode":"(\d+)"/.exec(buf.toString())?.[1] ?? 'none';
          codes.set(code, (codes.get(code) ?? 0) + 1);
        });
      },
    });
    const ok = codes.get('2001800') ?? 0;
    const rps = ok / SECONDS;
    console.log(
      `  ${rps.toFixed(1)} transfers/s (2001800), latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms, ` +
        `answers ${JSON.stringify(Object.fromEntries(codes))}, ${result.errors + result.timeouts} errors`,
    );
    const moved = await query(
      dbUrl,
      `select count(*)::int as n, count(*) filter (where status = 1)::int as done from snap_transfers`,
    );
    console.log(`  snap_transfers rows ${moved[0]?.n} (${moved[0]?.done} finished SUCCESS)`);
    if (result.errors + result.timeouts > 0 || ok === 0) throw new Error('failed requests');
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await query(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
