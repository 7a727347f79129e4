/**
 * Signs and sends one SNAP call from the command line (docs/api.md "Partner API (SNAP)").
 *
 *   npm run snap:call -- token
 *   npm run snap:call -- call /snap/v1.0/balance-inquiry '{}'
 *   npm run snap:call -- call /snap/v1.0/transfer-interbank @transfer.json --external-id 42
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
 * Prints the answer's JSON; exits 0 on a 2xx answer, 1 otherwise. The signatures, the timestamp and
 * the external id come from the SDK (packages/snap-client), so the script and the SDK cannot differ.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  newExternalId,
  serviceSignature,
  serviceStringToSign,
  snapTimestamp,
  tokenSignature,
} from '@gerbang/snap-client';

type Flags = Record<string, string | true | undefined>;

function parseArgs(argv: string[]) {
  const flags: Flags = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--dry-run') flags['dry-run'] = true;
    else if (arg.startsWith('--')) flags[arg.slice(2)] = argv[++i];
    else rest.push(arg);
  }
  return { flags, rest };
}

const text = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

function tokenHeaders(clientId: string, privateKeyPem: string, timestamp: string) {
  return {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-client-key': clientId,
    'x-signature': tokenSignature(createPrivateKey(privateKeyPem), clientId, timestamp),
  };
}

function serviceHeaders(input: {
  clientId: string;
  secret: string;
  token: string;
  path: string;
  body: string;
  timestamp: string;
  externalId: string;
  channelId: string;
}) {
  const stringToSign = serviceStringToSign({
    method: 'POST',
    path: input.path,
    accessToken: input.token,
    body: input.body,
    timestamp: input.timestamp,
  });
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${input.token}`,
    'x-timestamp': input.timestamp,
    'x-partner-id': input.clientId,
    'x-external-id': input.externalId,
    'channel-id': input.channelId,
    'x-signature': serviceSignature(input.secret, stringToSign),
  };
}

async function send(
  base: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  dryRun: boolean,
) {
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
  const base = (text(flags.base) ?? env.SNAP_BASE ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const clientId = text(flags['client-id']) ?? env.SNAP_CLIENT_ID;
  const keyPath = text(flags.key) ?? env.SNAP_PRIVATE_KEY;
  const secret = text(flags.secret) ?? env.SNAP_CLIENT_SECRET;
  const timestamp = text(flags.timestamp) ?? snapTimestamp(new Date());
  const dryRun = flags['dry-run'] === true;
  const [command, path, bodyArg] = rest;
  if (!clientId || !['token', 'call'].includes(command ?? '')) {
    console.error(
      'usage: npm run snap:call -- token | call <path> <json|@file> (see the header comment)',
    );
    process.exit(2);
  }
  let token = text(flags.token) ?? env.SNAP_TOKEN;
  if (command === 'token' || !token) {
    if (!keyPath) throw new Error('--key (SNAP_PRIVATE_KEY) is needed for an access token');
    const headers = tokenHeaders(clientId, readFileSync(keyPath, 'utf8'), timestamp);
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
  if (!path || !secret || !token) {
    throw new Error('call needs <path> and --secret (SNAP_CLIENT_SECRET)');
  }
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
    externalId: text(flags['external-id']) ?? newExternalId(new Date()),
    channelId: text(flags['channel-id']) ?? '95221',
  });
  const answer = await send(base, path, headers, body, dryRun);
  if (answer.json) console.log(JSON.stringify(answer.json));
  process.exit(answer.ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
