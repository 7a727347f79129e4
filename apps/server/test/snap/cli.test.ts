import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type Partner, registerPartner } from './partner';

/**
 * The command-line signer (scripts/snap-call.ts, docs/api.md) against a listening server: it
 * takes a token with the RSA key and sends a signed call, from the whitelisted address.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'scripts/snap-call.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe.each(testDatabases())('scripts/snap-call.ts on %s', (kind) => {
  let t: TestApp;
  let partner: Partner;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: new Date('2026-11-23T03:00:00Z') });
    const portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dir = mkdtempSync(path.join(tmpdir(), 'snap-cli-'));
    writeFileSync(
      path.join(dir, 'key.pem'),
      partner.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
  }, 180_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const cli = (...args: string[]) =>
    run(TSX, ['--conditions=@gerbang/source', SCRIPT, ...args], {
      env: {
        ...process.env,
        SNAP_BASE: base,
        SNAP_CLIENT_ID: partner.clientId,
        SNAP_CLIENT_SECRET: partner.clientSecret,
        SNAP_PRIVATE_KEY: path.join(dir, 'key.pem'),
      },
    });

  it('takes a token and sends a signed balance inquiry', async () => {
    // The server's clock is fixed at 10:00 WIB; the script signs with the same instant.
    const at = new Date(t.clock.now.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
    const timestamp = `${at}+07:00`;
    const token = JSON.parse((await cli('token', '--timestamp', timestamp)).stdout);
    expect(token.responseCode).toBe('2007300');
    const answer = JSON.parse(
      (
        await cli(
          'call',
          '/snap/v1.0/balance-inquiry',
          '{ "accountNo": "" }',
          '--timestamp',
          timestamp,
        )
      ).stdout,
    );
    expect(answer.responseCode).toBe('2001100');
    expect(answer.accountInfos[0].availableBalance.currency).toBe('IDR');
  });
});
