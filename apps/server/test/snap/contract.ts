import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/modules/snap/openapi';

/**
 * The SNAP contract: every answer the API tests receive (partner.ts calls `assertDocumented` on
 * each) must match /snap/openapi.json for its path and HTTP status — a status the document does
 * not list, a field it does not describe, a code it does not name all fail. The document is
 * compiled once per test file (ajv, JSON Schema 2020-12, formats checked), each schema on first
 * use.
 */

const DOC_ID = 'https://gerbang.test/snap/openapi.json';

export const snapDocument = JSON.parse(openApiDocument('https://gerbang.invalid/support')) as {
  paths: Record<string, { post: Operation }>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown> };
};

interface Operation {
  operationId: string;
  requestBody: { content: { 'application/json': { schema: unknown; example?: unknown } } };
  responses: Record<string, { content?: { 'application/json': { example?: unknown } } }>;
}

// strictRequired off: a condition such as the closed VA's (anyOf: [open, required both]) names
// fields its parent schema defines, which is plain JSON Schema.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
// The document's own fields are not JSON Schema: known to ajv as annotations, so strict mode
// still refuses any unknown keyword inside the schemas.
ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'webhooks', 'components']);
ajv.addSchema(snapDocument, DOC_ID);

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

const compiled = new Map<string, ValidateFunction>();

/** The validator of the schema at a JSON pointer of the document (`paths/…`), compiled once. */
export function validatorAt(...parts: string[]): ValidateFunction {
  const ref = `${DOC_ID}#/${pointer(...parts)}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    compiled.set(ref, validate);
  }
  return validate;
}

export const requestValidator = (path: string) =>
  validatorAt('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema');

export const answerValidator = (path: string, status: number) =>
  validatorAt(
    'paths',
    path,
    'post',
    'responses',
    String(status),
    'content',
    'application/json',
    'schema',
  );

/** The payment notification Gerbang sends (the document's webhook). */
export const notificationValidator = () =>
  validatorAt(
    'webhooks',
    'paymentNotification',
    'post',
    'requestBody',
    'content',
    'application/json',
    'schema',
  );

/** The SNAP-signed payment notification Gerbang sends (the document's second webhook). */
export const snapNotificationValidator = () =>
  validatorAt(
    'webhooks',
    'snapPaymentNotification',
    'post',
    'requestBody',
    'content',
    'application/json',
    'schema',
  );

/** The ajv errors of a failed validation, one per line, for a test's failure message. */
export function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((e) => `  ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/**
 * Throws, naming the path, the status and ajv's errors, unless the answer is what the document
 * says that path answers with that status. A path outside the document must answer the SNAP
 * refusal with 404 (the server's answer to an unknown /snap path).
 */
export function assertDocumented(path: string, status: number, body: unknown): void {
  const operation = snapDocument.paths[path]?.post;
  let validate: ValidateFunction;
  if (!operation) {
    if (status !== 404)
      throw new Error(`${path} is not in /snap/openapi.json (answered ${status})`);
    validate = validatorAt('components', 'schemas', 'SnapRefusal');
  } else if (!operation.responses[String(status)]) {
    const listed = Object.keys(operation.responses).join(', ');
    throw new Error(
      `${path} answered HTTP ${status}, which /snap/openapi.json does not list (${listed}): ${JSON.stringify(body)}`,
    );
  } else {
    validate = answerValidator(path, status);
  }
  if (!validate(body)) {
    throw new Error(
      `${path} HTTP ${status} answer does not match /snap/openapi.json:\n${errorsOf(validate)}\nanswer: ${JSON.stringify(body)}`,
    );
  }
}
