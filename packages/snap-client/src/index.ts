export {
  ACCESS_TOKEN_PATH,
  type AccessTokenAnswer,
  SNAP_CALLS,
  type SnapAnswer,
  type SnapCallName,
  type SnapRequest,
} from './calls.js';
export {
  type CallOptions,
  type SignedRequest,
  SnapClient,
  type SnapClientOptions,
} from './client.js';
export { SnapApiError, SnapNetworkError } from './errors.js';
export type { paths as SnapPaths } from './generated/openapi.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export {
  bodyHash,
  minifyJson,
  newExternalId,
  serviceSignature,
  serviceStringToSign,
  snapTimestamp,
  tokenSignature,
} from './signing.js';
export type { FetchLike, RetryEvent } from './transport.js';
