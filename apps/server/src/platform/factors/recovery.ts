import { randomInt } from 'node:crypto';
import { type FactorDeps, type FactorOwner, hashRecoveryCode, normalizeRecoveryCode } from './deps';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Looks like a recovery code (so a TOTP code is never compared as one, and back). */
export const isRecoveryCodeShape = (code: string) =>
  normalizeRecoveryCode(code).length === CODE_LENGTH &&
  /^[a-z0-9]+$/.test(normalizeRecoveryCode(code));

/**
 * Ten new codes replace every earlier one (used or not), in one transaction. The codes are
 * answered once; only their hashes are kept.
 */
export async function regenerateRecoveryCodes(
  deps: FactorDeps,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('recovery_codes')
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((code) => ({
          owner_kind: owner.kind,
          owner_id: owner.id,
          code_hash: hashRecoveryCode(deps.secret, code),
          created_at: now,
        })),
      )
      .execute();
  });
  return codes;
}

/** Uses a recovery code: one conditional UPDATE, so the same code sent twice at once works once. */
export async function useRecoveryCode(
  deps: FactorDeps,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
  code: string,
): Promise<boolean> {
  const result = await deps.db
    .updateTable('recovery_codes')
    .set({ used_at: deps.now() })
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('code_hash', '=', hashRecoveryCode(deps.secret, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(
  deps: FactorDeps,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
): Promise<number> {
  const row = await deps.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
