import { z } from 'zod';
import { SERVICE } from './codes';
import { accessTokenRequest, paymentNotification, snapAnswer } from './schemas';
import { SNAP_SERVICES } from './services';

/**
 * The OpenAPI 3.1 document of the SNAP API, generated from the zod schemas the routes parse with
 * (`z.toJSONSchema`), so the document and the server cannot disagree. Served at
 * /snap/openapi.json; docs/api.md has signed examples.
 */

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

const serviceHeaders = [
  ['Authorization', 'Bearer <accessToken>'],
  ['X-TIMESTAMP', 'ISO 8601 with offset, within 5 minutes of the server'],
  ['X-PARTNER-ID', 'the client id'],
  ['X-EXTERNAL-ID', 'unique per partner per WIB day (409xx00 on reuse), up to 36 characters'],
  ['CHANNEL-ID', 'the partner channel, any value'],
  [
    'X-SIGNATURE',
    'base64 HMAC-SHA512(clientSecret, METHOD + ":" + path + ":" + accessToken + ":" + lowercase hex SHA-256(minified body) + ":" + X-TIMESTAMP)',
  ],
] as const;

const header = ([name, description]: readonly [string, string]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

const answers = (service: string) => ({
  '200': {
    description: `200${service}00 Successful`,
    content: { 'application/json': { schema: schema(snapAnswer) } },
  },
  default: {
    description: `Refusals: 400${service}01/02 field, 401${service}00 signature or timestamp, 401${service}01 token, 403${service}01 IP not whitelisted, 403${service}14 insufficient funds, 409${service}00 X-EXTERNAL-ID reused, 409${service}01 duplicate reference, 429${service}00 rate limit (Retry-After)`,
    content: { 'application/json': { schema: schema(snapAnswer) } },
  },
});

let cached: string | null = null;

export function openApiDocument(): string {
  if (cached) return cached;
  const paths: Record<string, unknown> = {
    '/snap/v1.0/access-token/b2b': {
      post: {
        operationId: 'accessTokenB2b',
        summary: 'B2B access token (valid 900 seconds)',
        parameters: [
          header(['X-TIMESTAMP', 'ISO 8601 with offset, within 5 minutes of the server']),
          header(['X-CLIENT-KEY', 'the client id']),
          header([
            'X-SIGNATURE',
            'base64 SHA256withRSA(private key, clientId + "|" + X-TIMESTAMP); the public key is registered on the credential page',
          ]),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schema(accessTokenRequest) } },
        },
        responses: answers(SERVICE.accessToken),
      },
    },
  };
  for (const spec of SNAP_SERVICES) {
    paths[spec.path] = {
      post: {
        operationId: spec.path.split('/').slice(3).join('-'),
        summary: spec.summary,
        description: `Service code ${spec.service}.`,
        parameters: serviceHeaders.map(header),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schema(spec.body) } },
        },
        responses: answers(spec.service),
      },
    };
  }
  cached = JSON.stringify({
    openapi: '3.1.0',
    info: {
      title: 'Gerbang partner API (SNAP)',
      version: '1.0',
      description:
        'Bank Indonesia SNAP-style API. Sandbox credentials (GBS-…) move sandbox money only; production credentials (GBP-…) move real money. Calls are accepted only from the IP whitelist of the credential page.',
    },
    paths,
    webhooks: {
      paymentNotification: {
        post: {
          summary:
            'VA / QRIS payment notification, to the VA_PAID / QRIS_PAID callback URL; signed as every Gerbang callback (X-Signature = hex HMAC-SHA512(signature key, X-Callback-Timestamp + "." + raw body))',
          requestBody: {
            content: { 'application/json': { schema: schema(paymentNotification) } },
          },
          responses: { '200': { description: 'received' } },
        },
      },
    },
  });
  return cached;
}
