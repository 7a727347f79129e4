import { z } from 'zod';
import { SERVICE } from './codes';
import {
  PAYMENT_NOTIFICATION_EXAMPLE,
  SNAP_EXAMPLES,
  SNAP_QRIS_NOTICE_EXAMPLE,
  SNAP_VA_NOTICE_EXAMPLE,
} from './examples';
import { serviceCases, snapResponses, TOKEN_CASES } from './openapi-responses';
import {
  accessTokenAnswer,
  accessTokenRequest,
  paymentNotification,
  snapPaymentNotice,
  snapPaymentNoticeAnswer,
  snapRefusal,
} from './schemas';
import { SNAP_SERVICES } from './services';
import { ACCESS_TOKEN_PATH } from './token';

/**
 * The OpenAPI 3.1 document of the SNAP API, generated from the zod schemas the routes parse with
 * and the success answers the services promise (`z.toJSONSchema`), so the document and the server
 * cannot disagree; the API tests check every answer against it and `npm run lint:openapi` lints
 * it with Redocly's recommended rules. Served at /snap/openapi.json; docs/api.md has signed
 * examples.
 */

type JsonSchema = Record<string, unknown>;

/** A request as the route accepts it, an answer as the service writes it (strict). */
function jsonSchema(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `transfer-va/create-va` → `transferVaCreateVa`: unique, stable, URL-safe. */
function operationIdOf(path: string): string {
  const words = path.split('/').slice(3).join('-').split('-');
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

const TAGS = [
  { name: 'Access token', description: 'The B2B access token every service call carries.' },
  {
    name: 'Account and transfer',
    description: 'Balance, account inquiry and interbank transfers (payouts).',
  },
  { name: 'Virtual account', description: 'SNAP virtual accounts: create, change, close, status.' },
  { name: 'QRIS', description: 'Dynamic QRIS (MPM) bills and their status.' },
  { name: 'Notifications', description: 'What Gerbang sends to the partner when money arrives.' },
];

function tagOf(path: string): string {
  if (path.includes('/transfer-va/')) return 'Virtual account';
  if (path.includes('/qr/')) return 'QRIS';
  return 'Account and transfer';
}

const SECURITY_SCHEMES = {
  snapBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The accessToken of POST /snap/v1.0/access-token/b2b (900 seconds).',
  },
  snapServiceSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-SIGNATURE',
    description:
      'Symmetric signature of a service call: base64 HMAC-SHA512(clientSecret, METHOD + ":" + path + ":" + accessToken + ":" + lowercase hex SHA-256(minified body) + ":" + X-TIMESTAMP). Minified = every whitespace outside JSON strings removed.',
  },
  snapClientKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CLIENT-KEY',
    description: 'The client id of the credential page (GBS-… sandbox, GBP-… production).',
  },
  snapTokenSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-SIGNATURE',
    description:
      'Asymmetric signature of the access-token call: base64 SHA256withRSA(private key, clientId + "|" + X-TIMESTAMP), verified with the RSA public key (2048 bits or more) registered on the credential page.',
  },
  snapNotificationSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-SIGNATURE',
    description:
      'How Gerbang signs its SNAP payment notifications: base64 SHA256withRSA(provider private key, "POST" + ":" + relative path of your notification URL (path and query) + ":" + lowercase hex SHA-256(minified body) + ":" + X-TIMESTAMP). Verify it with the provider public key: GET /snap/v1.0/provider-public-key (PEM), also shown on the credential page.',
  },
  callbackSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      'How Gerbang signs the notifications it sends: hex HMAC-SHA512(signature key, X-Callback-Timestamp + "." + raw body). The receiver checks it.',
  },
};

const parameter = (name: string, description: string, pattern?: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', minLength: 1, ...(pattern ? { pattern } : {}) },
});

const PARAMETERS = {
  'X-TIMESTAMP': parameter(
    'X-TIMESTAMP',
    'ISO 8601 with offset (2026-11-23T10:00:00+07:00), within 5 minutes of the server',
    '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?(Z|[+-]\\d{2}:\\d{2})$',
  ),
  'X-PARTNER-ID': parameter('X-PARTNER-ID', 'The client id the access token was issued to'),
  'X-EXTERNAL-ID': parameter(
    'X-EXTERNAL-ID',
    'Unique per partner per WIB day (409xx00 on reuse); letters, digits, - and _',
    '^[\\w-]{1,36}$',
  ),
  'CHANNEL-ID': parameter('CHANNEL-ID', 'The partner channel, any value (e.g. 95221)'),
};

const HEADERS = {
  'X-TIMESTAMP': {
    description: "The server's time of the answer, ISO 8601 in WIB",
    required: true,
    schema: { type: 'string', format: 'date-time' },
  },
  'Retry-After': {
    description: 'Seconds until the next minute of the rate limit',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
};

const parameterRef = (name: keyof typeof PARAMETERS) => ({
  $ref: `#/components/parameters/${name}`,
});
const schemaRef = (name: string) => `#/components/schemas/${name}`;

function requestBody(name: string, example: unknown) {
  return {
    required: true,
    content: {
      'application/json': {
        schema: { $ref: schemaRef(name) },
        ...(example === undefined ? {} : { example }),
      },
    },
  };
}

function tokenOperation(schemas: Record<string, JsonSchema>) {
  const example = SNAP_EXAMPLES[ACCESS_TOKEN_PATH];
  schemas.AccessTokenRequest = jsonSchema(accessTokenRequest, 'input');
  schemas.AccessTokenAnswer = jsonSchema(accessTokenAnswer, 'output');
  return {
    operationId: 'accessTokenB2b',
    tags: ['Access token'],
    summary: 'B2B access token (valid 900 seconds)',
    description: `Service code ${SERVICE.accessToken}. Signed with the partner's RSA private key.`,
    security: [{ snapClientKey: [], snapTokenSignature: [] }],
    parameters: [parameterRef('X-TIMESTAMP')],
    requestBody: requestBody('AccessTokenRequest', example?.request),
    responses: snapResponses(
      SERVICE.accessToken,
      TOKEN_CASES,
      schemaRef('AccessTokenAnswer'),
      example?.answer,
    ),
  };
}

function serviceOperation(
  spec: (typeof SNAP_SERVICES)[number],
  schemas: Record<string, JsonSchema>,
) {
  const id = operationIdOf(spec.path);
  const example = SNAP_EXAMPLES[spec.path];
  schemas[`${pascal(id)}Request`] = jsonSchema(spec.body, 'input');
  schemas[`${pascal(id)}Answer`] = jsonSchema(spec.answer, 'output');
  return {
    operationId: id,
    tags: [tagOf(spec.path)],
    summary: spec.summary,
    description: `Service code ${spec.service}.`,
    security: [{ snapBearer: [], snapServiceSignature: [] }],
    parameters: [
      parameterRef('X-TIMESTAMP'),
      parameterRef('X-PARTNER-ID'),
      parameterRef('X-EXTERNAL-ID'),
      parameterRef('CHANNEL-ID'),
    ],
    requestBody: requestBody(`${pascal(id)}Request`, example?.request),
    responses: snapResponses(
      spec.service,
      serviceCases(spec.service),
      schemaRef(`${pascal(id)}Answer`),
      example?.answer,
    ),
  };
}

const DESCRIPTION = `Bank Indonesia SNAP-style API of this Gerbang server.

Sandbox credentials (\`GBS-…\`) move sandbox money only; production credentials (\`GBP-…\`) move real money. Calls are accepted only from the IP whitelist of the credential page.

Every answer is JSON with \`responseCode\` (HTTP status + two-digit service code + two-digit case, e.g. \`2001800\`, \`4031814\`) and \`responseMessage\` (the standard's English message, with the field or reason after it); a success answer adds the call's fields.`;

function buildDocument(supportUrl: string) {
  const schemas: Record<string, JsonSchema> = {
    SnapRefusal: jsonSchema(snapRefusal, 'output'),
    PaymentNotification: jsonSchema(paymentNotification, 'output'),
    SnapPaymentNotification: jsonSchema(snapPaymentNotice, 'output'),
    SnapPaymentNotificationAnswer: jsonSchema(snapPaymentNoticeAnswer, 'input'),
  };
  const paths: Record<string, unknown> = {
    [ACCESS_TOKEN_PATH]: { post: tokenOperation(schemas) },
  };
  for (const spec of SNAP_SERVICES) paths[spec.path] = { post: serviceOperation(spec, schemas) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gerbang partner API (SNAP)',
      version: '1.0',
      description: DESCRIPTION,
      contact: { name: 'Partner support', url: supportUrl },
      license: {
        name: "Proprietary: use under the operator's partner agreement",
        identifier: 'LicenseRef-Proprietary',
      },
    },
    // The document is served by the server it describes: its paths are relative to that origin.
    servers: [{ url: '/', description: 'This Gerbang server' }],
    tags: TAGS,
    paths,
    webhooks: {
      paymentNotification: notificationWebhook(),
      snapPaymentNotification: snapNotificationWebhook(),
    },
    components: {
      schemas,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function notificationWebhook() {
  return {
    post: {
      operationId: 'paymentNotification',
      tags: ['Notifications'],
      summary: 'VA / QRIS payment notification',
      description:
        'Sent to the VA_PAID / QRIS_PAID callback URL when a SNAP VA or QRIS is paid; X-Callback-Type is va_payment or qris_payment. Retried until the receiver answers 2xx. The SNAP-signed notification of the standard is the webhook snapPaymentNotification.',
      security: [{ callbackSignature: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: schemaRef('PaymentNotification') },
            example: PAYMENT_NOTIFICATION_EXAMPLE,
          },
        },
      },
      responses: { '200': { description: 'Received' } },
    },
  };
}

/** A header Gerbang sends with its SNAP notifications. */
const sentHeader = (name: string, description: string, pattern: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

function snapNotificationWebhook() {
  return {
    post: {
      operationId: 'snapPaymentNotification',
      tags: ['Notifications'],
      summary: 'SNAP payment notification: VA (service 25) or QRIS (service 52), RSA-signed',
      description:
        "Sent beside the callback above to the URL of the event SNAP_VA_PAYMENT / SNAP_QRIS_PAYMENT (credential page, callback URLs) when a SNAP VA or QRIS is paid, queued in the payment's own transaction and only while that URL is set. The body is the standard's: the VA payment (service 25, as /v1.0/transfer-va/payment) or the QRIS MPM payment notification (service 52, as /v1.0/qr/qr-mpm-notify). Delivered when you answer 2xx with responseCode 2002500 (VA) or 2005200 (QRIS); anything else is retried after 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, then every 24 h (11 attempts over about 94 h). X-Callback-Event-Id is the same on every attempt (your idempotency key; paymentRequestId names the payment).",
      security: [{ snapNotificationSignature: [] }],
      parameters: [
        sentHeader(
          'X-TIMESTAMP',
          'When this attempt was signed, ISO 8601 in WIB',
          '^d{4}-d{2}-d{2}Td{2}:d{2}:d{2}+07:00$',
        ),
        sentHeader('X-PARTNER-ID', 'Your client id in this environment', '^S+$'),
        sentHeader('X-EXTERNAL-ID', 'Unique per attempt (digits)', '^d{16,36}$'),
        sentHeader('CHANNEL-ID', "Gerbang's channel id", '^d+$'),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: schemaRef('SnapPaymentNotification') },
            examples: {
              virtualAccount: { summary: 'A VA paid (service 25)', value: SNAP_VA_NOTICE_EXAMPLE },
              qris: { summary: 'A QRIS paid (service 52)', value: SNAP_QRIS_NOTICE_EXAMPLE },
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'Taken: responseCode 2002500 for a VA, 2005200 for a QRIS (any 2xx status). Another code, status or no answer is retried.',
          content: {
            'application/json': {
              schema: { $ref: schemaRef('SnapPaymentNotificationAnswer') },
              example: { responseCode: '2002500', responseMessage: 'Successful' },
            },
          },
        },
      },
    },
  };
}

const cached = new Map<string, string>();

/** The document as JSON text; `supportUrl` is the deployment's (config SUPPORT_URL). */
export function openApiDocument(supportUrl: string): string {
  let text = cached.get(supportUrl);
  if (!text) {
    text = JSON.stringify(buildDocument(supportUrl));
    cached.set(supportUrl, text);
  }
  return text;
}
