import {
  type accountDeleteRequest,
  type accountStoreRequest,
  isAllowed,
  type SubAccountDto,
} from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth-context';
import { accessDenied, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { revokeOtherSessions } from '../../platform/session/sessions';
import { requireOwnPassword } from '../account/own-password';
import { hashPassword } from '../auth/passwords';

type StoreBody = z.output<typeof accountStoreRequest>;
type DeleteBody = z.output<typeof accountDeleteRequest>;

/** The sub-accounts of the caller's agent: users with a parent user, not deleted. */
export async function listSubAccounts(
  db: Kysely<Database>,
  auth: AuthContext,
): Promise<SubAccountDto[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'nama', 'created_at'])
    .where('agent_id', '=', auth.agent.id)
    .where('parent_user_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * A sub-account the caller may manage: same agent, has a parent user, not deleted. Anything else,
 * including another agent's user or an id that does not exist, is the same refusal, so the call
 * cannot be used to probe which ids exist.
 */
export async function findManagedSubAccount(
  db: Kysely<Database>,
  auth: AuthContext,
  userId: number,
) {
  const target = await db
    .selectFrom('users')
    .select(['id', 'username', 'nama', 'agent_id', 'parent_user_id'])
    .where('id', '=', userId)
    .where('agent_id', '=', auth.agent.id)
    .where('parent_user_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!target) throw accessDenied();
  return target;
}

function actor(ctx: RouteContext<unknown, unknown, unknown>) {
  return {
    agentId: ctx.auth.agent.id,
    userId: ctx.auth.user.id,
    username: ctx.auth.user.username,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: ctx.auth.environment,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * POST data/account_store: add (no id) or edit a sub-account. Adding needs ADD, editing UPDATE on
 * account_management. Editing keeps the e-mail; a new password is optional and, when set, ends
 * the sub-account's sessions. The caller's own password is verified before anything changes.
 */
export async function storeSubAccount(
  ctx: RouteContext<StoreBody, unknown, unknown>,
): Promise<'added' | 'updated'> {
  const { services, auth, body } = ctx;
  const editing = body.id !== null;
  if (!isAllowed(auth.access, 'account_management', editing ? 'UPDATE' : 'ADD')) {
    throw accessDenied();
  }
  const email = body.email.trim();
  const name = body.name.trim();
  const target = editing ? await findManagedSubAccount(services.db, auth, body.id as number) : null;
  if (target && target.username.toLowerCase() !== email.toLowerCase()) {
    throw validationError('team.emailCannotChange');
  }
  await requireOwnPassword(ctx, body.userpw, editing ? 'subaccount_update' : 'subaccount_create');
  if (!target && (await emailTaken(services.db, email))) throw validationError('team.emailUsed');

  // Hash before the transaction: argon2 is slow and PGlite is one connection.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const now = services.now();

  if (!target) {
    try {
      await services.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('users')
          .values({
            agent_id: auth.agent.id,
            username: email,
            nama: name,
            password_hash: passwordHash as string,
            parent_user_id: auth.user.id,
            password_changed_at: now,
            language: auth.user.language,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          at: services.now(),
          ...actor(ctx),
          action: 'subaccount_create',
          target: email,
          detail: { id: created.id, name, email },
        });
      });
    } catch (error) {
      // Two adds of one e-mail at once: the unique index decides, the loser gets the message.
      if (isUniqueViolation(error)) throw validationError('team.emailUsed');
      throw error;
    }
    return 'added';
  }

  const changes: Record<string, unknown> = {};
  if (name !== target.nama) changes.name = { from: target.nama, to: name };
  if (passwordHash) changes.password_changed = true;
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        nama: name,
        ...(passwordHash ? { password_hash: passwordHash, password_changed_at: now } : {}),
      })
      .where('id', '=', target.id)
      .execute();
    // A password set by the main user ends every session the sub-account had.
    if (passwordHash) await revokeOtherSessions(trx, target.id, null, now);
    await writeAudit(trx, {
      at: services.now(),
      ...actor(ctx),
      action: 'subaccount_update',
      target: target.username,
      detail: { id: target.id, ...changes },
    });
  });
  return 'updated';
}

/**
 * POST data/account_delete: the sub-account is tombstoned rather than removed, so the rows it
 * wrote stay attributable. Its username is freed (renamed, no longer an e-mail anyone can type),
 * portal access is withdrawn and every session ends at once.
 */
export async function deleteSubAccount(ctx: RouteContext<DeleteBody, unknown, unknown>) {
  const { services, auth, body } = ctx;
  const target = await findManagedSubAccount(services.db, auth, body.idaccount);
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        username: `deleted:${target.id}:${target.username}`,
        portal_access: false,
        deleted_at: now,
      })
      .where('id', '=', target.id)
      .execute();
    await revokeOtherSessions(trx, target.id, null, now);
    await writeAudit(trx, {
      at: services.now(),
      ...actor(ctx),
      action: 'subaccount_delete',
      target: target.username,
      detail: { id: target.id, name: target.nama, email: target.username, sessions_ended: true },
    });
  });
}
