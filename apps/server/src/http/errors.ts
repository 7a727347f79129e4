import { RC } from '@gerbang/shared';

/**
 * A refusal with a result code and a catalog key. Thrown from anywhere below a route; the one
 * error handler turns it into the envelope with `rd` translated into the user's language.
 */
export class ApiError extends Error {
  constructor(
    readonly rc: string,
    readonly messageKey: string,
    readonly vars?: Record<string, string | number>,
    /** Extra payload some refusals carry (e.g. rejected dates for rc 99). */
    readonly data: unknown = null,
    /** HTTP status when it differs from the result code's (413, 415 for bodies). */
    readonly httpStatus?: number,
  ) {
    super(messageKey);
  }
}

export const accessDenied = (key = 'common.errors.accessDenied') =>
  new ApiError(RC.ACCESS_DENIED, key);
export const validationError = (key: string, vars?: Record<string, string | number>) =>
  new ApiError(RC.VALIDATION, key, vars);
export const refused = (key: string, vars?: Record<string, string | number>) =>
  new ApiError(RC.REFUSED, key, vars);
export const notFound = (key = 'common.errors.notFound') => new ApiError(RC.NOT_FOUND, key);

/** HTTP status that goes with a result code; clients read `rc`, proxies and logs read the status. */
export function httpStatusFor(rc: string): number {
  switch (rc) {
    case RC.OK:
      return 200;
    case RC.SESSION:
      return 401;
    case RC.ACCESS_DENIED:
    case RC.LOGIN_ACCESS:
    case RC.SECOND_FACTOR:
    case RC.STEP_UP:
      return 403;
    case RC.NOT_FOUND:
      return 404;
    case RC.CONFLICT:
      return 409;
    case RC.REAUTH:
      return 428;
    case RC.THROTTLED:
      return 429;
    case RC.GENERIC:
      return 500;
    default:
      return 400;
  }
}
