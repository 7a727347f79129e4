import { createHash, createHmac, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { minifyJson, newExternalId, SnapClient, snapTimestamp } from '../src/index.js';

/**
 * The SDK's signatures against computations it did not make: the signed examples of docs/api.md
 * (made by scripts/snap-call.ts with throwaway credentials) and node:crypto written out here.
 */

const docs = readFileSync(path.join(import.meta.dirname, '../../../docs/api.md'), 'utf8');
const examples = docs.slice(docs.indexOf('### Signed examples'));
const SECRET = /client secret\s+`([^`]+)`/.exec(examples)?.[1] ?? '';
const TOKEN = /access token\s+`([^`]+)`/.exec(examples)?.[1] ?? '';
const CLIENT_ID = /client id\s+`([^`]+)`/.exec(examples)?.[1] ?? '';

/** Every signed service-call example: its path, headers and body. */
function documentedCalls() {
  const blocks = [...examples.matchAll(/```\n(POST \/snap\/v1\.0\/[^\n]+)\n([\s\S]*?)```/g)];
  return blocks
    .filter(([, line]) => !line!.includes('access-token'))
    .map(([, line, rest]) => {
      const [head, body] = rest!.split('\n\n');
      const headers = Object.fromEntries(
        head!.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      return { path: line!.slice(5), headers, body: body!.trim() };
    });
}

const client = new SnapClient({
  baseUrl: 'http://127.0.0.1:1',
  clientId: CLIENT_ID,
  clientSecret: SECRET,
  privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
});

describe('signing', () => {
  it('signs every documented example exactly as docs/api.md shows it', () => {
    const calls = documentedCalls();
    expect(calls.length).toBeGreaterThanOrEqual(12);
    expect(SECRET).not.toBe('');
    for (const call of calls) {
      const signed = client.signRequest(call.path, JSON.parse(call.body), {
        accessToken: TOKEN,
        externalId: call.headers['x-external-id'],
        timestamp: call.headers['x-timestamp'],
        channelId: call.headers['channel-id'],
      });
      expect(signed.body, call.path).toBe(call.body);
      expect(signed.headers, call.path).toMatchObject(call.headers);
    }
  });

  it('hashes the minified body: a pretty-printed body signs as its compact form', () => {
    const pretty = '{\n  "remark": "a b\\t\\"c\\"",\n  "amount": { "value": "1.00" }\n}';
    expect(minifyJson(pretty)).toBe('{"remark":"a b\\t\\"c\\"","amount":{"value":"1.00"}}');
    const timestamp = '2026-11-23T10:00:00+07:00';
    const signed = client.signRequest('/snap/v1.0/balance-inquiry', pretty, {
      accessToken: 'tok',
      timestamp,
    });
    const hash = createHash('sha256').update(minifyJson(pretty)).digest('hex');
    const expected = createHmac('sha512', SECRET)
      .update(`POST:/snap/v1.0/balance-inquiry:tok:${hash}:${timestamp}`)
      .digest('base64');
    expect(signed.headers['x-signature']).toBe(expected);
    expect(signed.body).toBe(pretty);
  });

  it('writes X-TIMESTAMP in WIB with its offset', () => {
    expect(snapTimestamp(new Date('2026-11-23T03:00:00.999Z'))).toBe('2026-11-23T10:00:00+07:00');
    expect(snapTimestamp(new Date('2026-11-23T20:30:00Z'))).toBe('2026-11-24T03:30:00+07:00');
  });

  it('makes X-EXTERNAL-IDs of at most 36 characters, none twice', () => {
    const at = new Date();
    const ids = new Set(Array.from({ length: 20_000 }, () => newExternalId(at)));
    expect(ids.size).toBe(20_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^\d{32}$/);
  });

  it('signs the access token with SHA256withRSA over clientId|X-TIMESTAMP', async () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    let seen: Record<string, string> = {};
    const tokenClient = new SnapClient({
      baseUrl: 'http://gerbang.test',
      clientId: 'GBS-X',
      clientSecret: 's',
      privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      now: () => new Date('2026-11-23T03:00:00Z'),
      fetch: async (_url, init) => {
        seen = init.headers as Record<string, string>;
        return Response.json({ responseCode: '2007300', accessToken: 'abc', expiresIn: '900' });
      },
    });
    expect(await tokenClient.accessToken()).toBe('abc');
    expect(seen['x-timestamp']).toBe('2026-11-23T10:00:00+07:00');
    const message = Buffer.from('GBS-X|2026-11-23T10:00:00+07:00');
    const signature = Buffer.from(seen['x-signature']!, 'base64');
    expect(verify('sha256', message, keys.publicKey, signature)).toBe(true);
    // PKCS#1 v1.5 is deterministic: the same bytes as node:crypto's own signature.
    expect(seen['x-signature']).toBe(sign('sha256', message, keys.privateKey).toString('base64'));
  });
});
