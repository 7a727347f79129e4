import { createHash, createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local SNAP server for the SDK's own tests, written from docs/api.md with node:crypto
 * (not the SDK's code): it checks both signatures, reserves X-EXTERNAL-ID like Gerbang (a reuse
 * answers 409xx00 and does nothing), books transfers once per partnerReferenceNo, answers their
 * status, and plays the faults a test queues (a dropped connection before or after the work, a
 * proxy's 503, a 429 with Retry-After, a refused token).
 */

export type Fault =
  | { kind: 'drop-before' }
  | { kind: 'drop-after' }
  | { kind: 'answer'; status: number; code?: string; headers?: Record<string, string> }
  | { kind: 'general-error' };

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  signatureOk: boolean;
}

const SECRET = 'test-secret-0123456789';
const CLIENT_ID = 'GBS-TESTCLIENT';
const SERVICES: Record<string, string> = {
  '/snap/v1.0/balance-inquiry': '11',
  '/snap/v1.0/transfer-interbank': '18',
  '/snap/v1.0/transfer/status': '36',
  '/snap/v1.0/transfer-va/create-va': '27',
};

const hmac = (text: string) => createHmac('sha512', SECRET).update(text).digest('base64');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startFakeGerbang() {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const received: Received[] = [];
  const tokens: string[] = [];
  const faults: Fault[] = [];
  const externalIds = new Set<string>();
  const transfers = new Map<string, { externalId: string; amount: unknown; ref: string }>();
  let tokenCount = 0;

  function reply(res: ServerResponse, status: number, body: object, headers = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  function token(req: IncomingMessage, res: ServerResponse, body: string) {
    const h = req.headers as Record<string, string>;
    const ok = verify(
      'sha256',
      Buffer.from(`${h['x-client-key']}|${h['x-timestamp']}`),
      keys.publicKey,
      Buffer.from(h['x-signature'] ?? '', 'base64'),
    );
    received.push({ path: req.url ?? '', headers: h, body, signatureOk: ok });
    if (!ok || h['x-client-key'] !== CLIENT_ID) {
      return reply(res, 401, { responseCode: '4017300', responseMessage: 'Unauthorized' });
    }
    tokenCount += 1;
    const accessToken = `token-${tokenCount}`;
    tokens.push(accessToken);
    reply(res, 200, {
      responseCode: '2007300',
      responseMessage: 'Successful',
      accessToken,
      tokenType: 'Bearer',
      expiresIn: '900',
    });
  }

  function work(path: string, service: string, externalId: string, body: any) {
    if (externalIds.has(externalId)) {
      return {
        status: 409,
        body: { responseCode: `409${service}00`, responseMessage: 'Conflict' },
      };
    }
    externalIds.add(externalId);
    const ok = (fields: object) => ({
      status: 200,
      body: { responseCode: `200${service}00`, responseMessage: 'Successful', ...fields },
    });
    if (path.endsWith('/transfer-interbank')) {
      if (transfers.has(body.partnerReferenceNo)) {
        return {
          status: 409,
          body: { responseCode: '4091801', responseMessage: 'Duplicate partnerReferenceNo' },
        };
      }
      const ref = `WD${transfers.size + 1}`;
      transfers.set(body.partnerReferenceNo, { externalId, amount: body.amount, ref });
      return ok({
        referenceNo: ref,
        partnerReferenceNo: body.partnerReferenceNo,
        amount: body.amount,
      });
    }
    if (path.endsWith('/transfer/status')) {
      const t = transfers.get(body.originalPartnerReferenceNo);
      if (!t) {
        return {
          status: 404,
          body: { responseCode: '4043601', responseMessage: 'Transaction Not Found' },
        };
      }
      return ok({
        originalReferenceNo: t.ref,
        originalPartnerReferenceNo: body.originalPartnerReferenceNo,
        originalExternalId: t.externalId,
        amount: t.amount,
        latestTransactionStatus: '00',
        transactionDate: '2026-11-23T10:00:00+07:00',
        additionalInfo: { fee: { value: '2500.00', currency: 'IDR' } },
      });
    }
    return ok({ echo: body });
  }

  function service(req: IncomingMessage, res: ServerResponse, body: string) {
    const h = req.headers as Record<string, string>;
    const path = req.url ?? '';
    const service = SERVICES[path] ?? '00';
    const accessToken = (h.authorization ?? '').replace(/^Bearer /, '');
    const signed = `POST:${path}:${accessToken}:${sha256(body)}:${h['x-timestamp']}`;
    const signatureOk = h['x-signature'] === hmac(signed);
    received.push({ path, headers: h, body, signatureOk });
    const fault = faults.shift();
    if (fault?.kind === 'drop-before') return req.socket.destroy();
    if (fault?.kind === 'answer') {
      const code = fault.code ?? `${fault.status}${service}00`;
      return reply(
        res,
        fault.status,
        { responseCode: code, responseMessage: 'Scripted' },
        fault.headers,
      );
    }
    if (!tokens.includes(accessToken)) {
      return reply(res, 401, {
        responseCode: `401${service}01`,
        responseMessage: 'Invalid Token (B2B)',
      });
    }
    if (!signatureOk)
      return reply(res, 401, { responseCode: `401${service}00`, responseMessage: 'Unauthorized' });
    const done = work(path, service, h['x-external-id'] ?? '', JSON.parse(body || '{}'));
    if (fault?.kind === 'drop-after') return req.socket.destroy();
    if (fault?.kind === 'general-error') {
      return reply(res, 500, { responseCode: `500${service}00`, responseMessage: 'General Error' });
    }
    reply(res, done.status, done.body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.url === '/snap/v1.0/access-token/b2b') token(req, res, body);
      else service(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    received,
    faults,
    transfers,
    /** Forget every token issued (as if they expired on the server). */
    expireTokens: () => tokens.splice(0),
    calls: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
