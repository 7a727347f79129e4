import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FactorDeps, FactorOwner } from './deps';
import { recoveryCodesLeft } from './recovery';
import type { OwnerKind } from './tables';

/** A step-up proof holds 5 minutes, for the session that earned it only (ADR 010). */
export const STEP_UP_TTL_MS = 5 * 60_000;

export type FactorState = 'verify' | 'enrol' | null;

const sessionTable = (kind: OwnerKind) => (kind === 'user' ? 'sessions' : 'staff_sessions');

export async function setFactorState(
  db: Kysely<Database>,
  kind: OwnerKind,
  sessionId: number,
  state: FactorState,
): Promise<void> {
  await db
    .updateTable(sessionTable(kind))
    .set({ factor_state: state })
    .where('id', '=', sessionId)
    .execute();
}

/** The session passed its second factor just now: full, and stepped up for STEP_UP_TTL_MS. */
export async function markFactorPassed(deps: FactorDeps, owner: FactorOwner): Promise<Date> {
  const until = new Date(deps.now().getTime() + STEP_UP_TTL_MS);
  await deps.db
    .updateTable(sessionTable(owner.kind))
    .set({ factor_state: null, stepped_up_until: until })
    .where('id', '=', owner.sessionId)
    .execute();
  return until;
}

export async function hasSecondFactor(
  db: Kysely<Database>,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('id')
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the owner must have a second factor: the provider's policy, or the agent's rule. */
export async function secondFactorRequired(
  db: Kysely<Database>,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
): Promise<boolean> {
  const policy = await db
    .selectFrom('security_policy')
    .select(['agents_require', 'staff_require'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (owner.kind === 'staff') return policy?.staff_require === true;
  if (policy?.agents_require) return true;
  const agent = await db
    .selectFrom('users as u')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .select('a.require_second_factor')
    .where('u.id', '=', owner.id)
    .executeTakeFirst();
  return agent?.require_second_factor === true;
}

/** The state a new session starts in: pass the factor, enrol one, or full. */
export async function factorStateAtLogin(
  db: Kysely<Database>,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
): Promise<FactorState> {
  if (await hasSecondFactor(db, owner)) return 'verify';
  return (await secondFactorRequired(db, owner)) ? 'enrol' : null;
}

export interface FactorList {
  factors: Array<{
    id: number;
    kind: 'totp' | 'passkey';
    name: string;
    created_at: string;
    last_used_at: string | null;
  }>;
  recovery_codes_left: number;
  required: boolean;
}

export async function listFactors(deps: FactorDeps, owner: FactorOwner): Promise<FactorList> {
  const rows = await deps.db
    .selectFrom('second_factors')
    .select(['id', 'kind', 'name', 'created_at', 'last_used_at'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .execute();
  return {
    factors: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      created_at: r.created_at.toISOString(),
      last_used_at: r.last_used_at?.toISOString() ?? null,
    })),
    recovery_codes_left: await recoveryCodesLeft(deps, owner),
    required: await secondFactorRequired(deps.db, owner),
  };
}

/**
 * Removes one factor of the owner. The last factor of an owner who must have one cannot go
 * (they would be led to enrol again at the next login anyway); recovery codes go with the last.
 */
export async function removeFactor(
  deps: FactorDeps,
  owner: FactorOwner,
  factorId: number,
): Promise<'removed' | 'not_found' | 'required'> {
  return deps.db.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom('second_factors')
      .select(['id', 'confirmed_at'])
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .forUpdate()
      .execute();
    const confirmed = mine.filter((f) => f.confirmed_at !== null);
    if (!confirmed.some((f) => f.id === factorId)) return 'not_found';
    if (confirmed.length === 1 && (await secondFactorRequired(trx, owner))) return 'required';
    await trx.deleteFrom('second_factors').where('id', '=', factorId).execute();
    if (confirmed.length === 1) await clearOwnerCodes(trx, owner);
    return 'removed';
  });
}

async function clearOwnerCodes(db: Kysely<Database>, owner: Pick<FactorOwner, 'kind' | 'id'>) {
  await db
    .deleteFrom('recovery_codes')
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .execute();
}

/**
 * Lost factor: every factor and recovery code of the owner goes (a main user for a sub-user,
 * staff for a main user), and the owner's open sessions end, so the next login starts afresh.
 */
export async function resetFactors(
  db: Kysely<Database>,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('second_factors')
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .executeTakeFirst();
    await clearOwnerCodes(trx, owner);
    const ownerColumn = owner.kind === 'user' ? 'user_id' : 'staff_id';
    await trx
      .updateTable(sessionTable(owner.kind))
      .set({ revoked_at: now })
      .where(ownerColumn as 'user_id', '=', owner.id)
      .where('revoked_at', 'is', null)
      .execute();
    return Number(removed.numDeletedRows ?? 0);
  });
}

export interface SecondFactorStepInfo {
  state: 'verify' | 'enrol';
  methods: Array<'totp' | 'passkey' | 'recovery'>;
}

/** What a half session is told: which second step, and with which of the owner's methods. */
export async function secondFactorStep(
  db: Kysely<Database>,
  owner: Pick<FactorOwner, 'kind' | 'id'>,
  state: 'verify' | 'enrol',
): Promise<SecondFactorStepInfo> {
  const kinds = await db
    .selectFrom('second_factors')
    .select('kind')
    .distinct()
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('confirmed_at', 'is not', null)
    .execute();
  const methods: SecondFactorStepInfo['methods'] = [];
  if (kinds.some((k) => k.kind === 'totp')) methods.push('totp');
  if (kinds.some((k) => k.kind === 'passkey')) methods.push('passkey');
  if (state === 'verify') methods.push('recovery');
  return { state, methods };
}
