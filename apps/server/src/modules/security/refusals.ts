import { RC } from '@gerbang/shared';
import { ApiError, refused } from '../../http/errors';
import type { CodeCheck } from '../../platform/factors/codes';
import type { PasskeyRefusal } from '../../platform/factors/passkeys';
import { minutesUntil } from '../../platform/guess-budget';

/** A refused code in the user's words: wrong (with the tries left) or locked (for how long). */
export function codeRefusal(check: Exclude<CodeCheck, { ok: true }>, now: Date): ApiError {
  if (check.reason === 'locked') {
    return new ApiError(RC.THROTTLED, 'security.errors.locked', {
      minutes: minutesUntil(check.retryAt, now),
    });
  }
  if (check.left <= 0) return new ApiError(RC.THROTTLED, 'security.errors.locked', { minutes: 15 });
  return refused('security.errors.codeWrong', { left: check.left });
}

export function passkeyRefusal(reason: PasskeyRefusal): ApiError {
  if (reason === 'challenge') return refused('security.errors.passkeyExpired');
  if (reason === 'counter') return refused('security.errors.passkeyCounter');
  return refused('security.errors.passkeyRefused');
}
