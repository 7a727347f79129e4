import { loadOtplib } from '../lazy-libs';
import { type FactorDeps, type FactorOwner, openTotpSecret, sealTotpSecret } from './deps';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_S = 30;
/** One step either side is accepted (a phone's clock a little off); replay is stopped by the step. */
const TOLERANCE_S = TOTP_PERIOD_S;

export const isTotpShape = (code: string) => /^\d{6}$/.test(code.trim());

/**
 * The time step `code` belongs to, or null when it is not a current code of `secret`. The time is
 * the services clock's, so tests and the clock-moving test mode agree with the authenticator.
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code.trim(),
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Begins a TOTP enrolment: a new secret, kept unconfirmed until a first code is typed (earlier
 * unconfirmed ones of the owner go). Answers the secret and the otpauth URI for the QR code.
 */
export async function startTotp(
  deps: FactorDeps,
  owner: FactorOwner,
): Promise<{ factorId: number; secret: string; uri: string }> {
  const { generateSecret, generateURI } = await loadOtplib();
  const secret = generateSecret();
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('second_factors')
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .where('kind', '=', 'totp')
      .where('confirmed_at', 'is', null)
      .execute();
    return trx
      .insertInto('second_factors')
      .values({
        owner_kind: owner.kind,
        owner_id: owner.id,
        kind: 'totp',
        name: 'Authenticator',
        secret_enc: sealTotpSecret(deps.secret, secret),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  const uri = generateURI({ issuer: deps.rp.name, label: owner.label, secret });
  return { factorId: row.id, secret, uri };
}

/** The owner's TOTP factors with their secrets: confirmed ones, or the one being enrolled. */
export async function totpFactors(
  deps: FactorDeps,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
  which: { confirmed: boolean; id?: number },
): Promise<Array<{ id: number; secret: string; lastStep: number | null }>> {
  let query = deps.db
    .selectFrom('second_factors')
    .select(['id', 'secret_enc', 'last_time_step'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('kind', '=', 'totp')
    .where('confirmed_at', which.confirmed ? 'is not' : 'is', null);
  if (which.id !== undefined) query = query.where('id', '=', which.id);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    secret: openTotpSecret(deps.secret, r.secret_enc ?? ''),
    lastStep: r.last_time_step === null ? null : Number(r.last_time_step),
  }));
}

/**
 * Takes a time step for good: only a step later than the last one used passes (one conditional
 * UPDATE), so a code is accepted once, even when sent several times at once. Confirms an
 * enrolment on the way.
 */
export async function takeTimeStep(
  deps: FactorDeps,
  factorId: number,
  step: number,
): Promise<boolean> {
  const now = deps.now();
  const result = await deps.db
    .updateTable('second_factors')
    .set((eb) => ({
      last_time_step: step,
      last_used_at: now,
      confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)),
    }))
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
