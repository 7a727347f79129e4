#!/usr/bin/env node
/**
 * Signs and sends one SNAP call from the command line (docs/api.md "Partner API (SNAP)").
 *
 *   node scripts/snap-call.mjs token
 *   node scripts/snap-call.mjs call /snap/v1.0/balance-inquiry '{}'
 *   node scripts/snap-call.mjs call /snap/v1.0/transfer-interbank @transfer.json --external-id 42
 *
 * Settings (flags win over the environment):
 *   --base        SNAP_BASE          e.g. https://sandbox.gerbang.example (default http://127.0.0.1:3000)
 *   --client-id   SNAP_CLIENT_ID     the credential page's client id (GBS-… sandbox, GBP-… production)
 *   --secret      SNAP_CLIENT_SECRET the client secret (service-call HMAC)
 *   --key         SNAP_PRIVATE_KEY   path of the RSA private key (PEM) whose public key is registered
 *   --token       SNAP_TOKEN         an access token; without it `call` asks for one first
 *   --external-id                    X-EXTERNAL-ID (default: a fresh numeric id)
 *   --channel-id                     CHANNEL-ID (default 95221)
 *   --timestamp                      X-TIMESTAMP to sign with (default: now, WIB offset)
 *   --dry-run                        print the signed request instead of sending it
 *
 * Prints the answer's JSON; exits 0 on a 2xx answer, 1 otherwise. Only node:crypto and fetch.
 */
import { createHash, createHmac, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';

function parseArgs(argv) {
  const flags = {};
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') flags['dry-run'] = true;
    else if (arg.startsWith('--')) flags[arg.slice(2)] = argv[++i];
    else rest.push(arg);
  }
  return { flags, rest };
}

/** ISO 8601 with the WIB offset, as SNAP writes X-TIMESTAMP. */
export function snapTimestamp(at = new Date()) {
  return `${new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;
}

/** The body without whitespace outside strings (the standard's minified body). */
export function minify(text) {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (!/\s/.test(ch)) out += ch;
  }
  return out;
}

export function tokenHeaders({ clientId, privateKeyPem, timestamp }) {
  const signature = sign(
    'sha256',
    Buffer.from(`${clientId}|${timestamp}`, 'utf8'),
    createPrivateKey(privateKeyPem),
  ).toString('base64');
  return {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-client-key': clientId,
    'x-signature': signature,
  };
}

export function serviceHeaders({
  clientId,
  secret,
  token,
  path,
  body,
  timestamp,
  externalId,
  channelId,
}) {
  const hash = createHash('sha256').update(minify(body), 'utf8').digest('hex');
  const signature = createHmac('sha512', secret)
    .update(`POST:${path}:${token}:${hash}:${timestamp}`, 'utf8')
    .digest('base64');
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'x-timestamp': timestamp,
    'x-partner-id': clientId,
    'x-external-id': externalId,
    'channel-id': channelId,
    'x-signature': signature,
  };
}

async function send(base, path, headers, body, dryRun) {
  if (dryRun) {
    console.log(JSON.stringify({ method: 'POST', url: base + path, headers, body }, null, 2));
    return { ok: true, json: null };
  }
  const res = await fetch(base + path, { method: 'POST', headers, body });
  const json = await res.json().catch(() => null);
  return { ok: res.ok, status: res.status, json };
}

async function main() {
  const { flags, rest } = parseArgs(process.argv.slice(2));
  const env = process.env;
  const base = (flags.base ?? env.SNAP_BASE ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const clientId = flags['client-id'] ?? env.SNAP_CLIENT_ID;
  const keyPath = flags.key ?? env.SNAP_PRIVATE_KEY;
  const secret = flags.secret ?? env.SNAP_CLIENT_SECRET;
  const timestamp = flags.timestamp ?? snapTimestamp();
  const dryRun = flags['dry-run'] === true;
  const [command, path, bodyArg] = rest;
  if (!clientId || !['token', 'call'].includes(command ?? '')) {
    console.error('usage: snap-call.mjs token | call <path> <json|@file> (see the header comment)');
    process.exit(2);
  }
  let token = flags.token ?? env.SNAP_TOKEN;
  if (command === 'token' || !token) {
    if (!keyPath) throw new Error('--key (SNAP_PRIVATE_KEY) is needed for an access token');
    const headers = tokenHeaders({
      clientId,
      privateKeyPem: readFileSync(keyPath, 'utf8'),
      timestamp,
    });
    const answer = await send(
      base,
      '/snap/v1.0/access-token/b2b',
      headers,
      '{"grantType":"client_credentials"}',
      dryRun && command === 'token',
    );
    if (command === 'token') {
      if (answer.json) console.log(JSON.stringify(answer.json));
      process.exit(answer.ok ? 0 : 1);
    }
    if (!answer.ok) {
      console.log(JSON.stringify(answer.json));
      process.exit(1);
    }
    token = answer.json.accessToken;
  }
  if (!path || !secret) throw new Error('call needs <path> and --secret (SNAP_CLIENT_SECRET)');
  const body = bodyArg?.startsWith('@')
    ? readFileSync(bodyArg.slice(1), 'utf8')
    : (bodyArg ?? '{}');
  const headers = serviceHeaders({
    clientId,
    secret,
    token,
    path,
    body,
    timestamp,
    externalId: flags['external-id'] ?? `${Date.now()}${Math.floor(Math.random() * 1000)}`,
    channelId: flags['channel-id'] ?? '95221',
  });
  const answer = await send(base, path, headers, body, dryRun);
  if (answer.json) console.log(JSON.stringify(answer.json));
  process.exit(answer.ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
