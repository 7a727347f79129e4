import {
  type AccessChange,
  type GroupModuleDto,
  isAllowed,
  type ModuleAccess,
  type modulAccessUserSaveRequest,
  splitActions,
} from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { accessDenied, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { loadAccessList } from '../../platform/access/access-list';
import { writeAudit } from '../../platform/audit/audit';
import { findManagedSubAccount } from './subaccounts';

type SaveBody = z.output<typeof modulAccessUserSaveRequest>;

/** GET /data/modul_access: the modules and actions a group grants by default. */
export async function groupModules(
  db: Kysely<Database>,
  idGrup: number,
): Promise<GroupModuleDto[]> {
  const rows = await db
    .selectFrom('group_module_access as g')
    .innerJoin('modules as m', 'm.id', 'g.module_id')
    .select(['m.id', 'm.name', 'g.actions'])
    .where('g.id_grup', '=', idGrup)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id_modul: r.id, nama_modul: r.name, hak_akses: r.actions }));
}

/**
 * GET /data/modul_access_user: a user's effective list (group grants with the user's denials in
 * `hak_akses_dilarang`). Anyone may read their own; reading a sub-account's needs what managing
 * it needs: main user, READ on account_management, not an end user, production.
 */
export async function userAccessList(
  ctx: RouteContext<unknown, { id_user: number | null }, unknown>,
): Promise<ModuleAccess[]> {
  const { auth, services, query } = ctx;
  const targetId = query.id_user ?? auth.user.id;
  if (targetId === auth.user.id) return auth.access;
  const mayManage =
    auth.user.parent_user_id === null &&
    auth.agent.user_type !== 'Personal END USER' &&
    auth.environment === 'production' &&
    isAllowed(auth.access, 'account_management', 'READ');
  if (!mayManage) throw accessDenied();
  const target = await findManagedSubAccount(services.db, auth, targetId);
  return loadAccessList(services.db, target.id, auth.agent.id_grup);
}

const pairKey = (moduleId: number, action: string) => `${moduleId}:${action}`;

/**
 * Checks each requested change against what the agent's group grants: an unknown module, an
 * action the module does not have, or the same pair in both lists is refused as a whole.
 */
function validateChanges(
  granted: GroupModuleDto[],
  added: AccessChange[],
  removed: AccessChange[],
): { added: Map<string, AccessChange>; removed: Map<string, AccessChange> } {
  const byId = new Map(granted.map((m) => [m.id_modul, m]));
  const collect = (list: AccessChange[]) => {
    const out = new Map<string, AccessChange>();
    for (const change of list) {
      const module = byId.get(change.idModul);
      if (!module || !splitActions(module.hak_akses).includes(change.access as never)) {
        throw validationError('team.invalidModuleAccess');
      }
      out.set(pairKey(change.idModul, change.access), change);
    }
    return out;
  };
  const addedPairs = collect(added);
  const removedPairs = collect(removed);
  for (const key of addedPairs.keys()) {
    if (removedPairs.has(key)) throw validationError('team.invalidModuleAccess');
  }
  return { added: addedPairs, removed: removedPairs };
}

/**
 * POST /data/modul_access_user: the permission editor's save. `added_not_allow_access` become
 * denials, `delete_not_allow_access` are denials lifted; both in one transaction, audited with
 * what actually changed. Applies at the sub-account's next request (the list is read per request).
 */
export async function saveUserAccess(
  ctx: RouteContext<SaveBody, unknown, unknown>,
): Promise<ModuleAccess[]> {
  const { services, auth, body } = ctx;
  if (body.id_user !== null && body.id_user !== auth.user.id) throw accessDenied();
  const target = await findManagedSubAccount(services.db, auth, body.id_user_updated);
  const granted = await groupModules(services.db, auth.agent.id_grup);
  const changes = validateChanges(
    granted,
    body.added_not_allow_access,
    body.delete_not_allow_access,
  );
  const names = new Map(granted.map((m) => [m.id_modul, m.nama_modul]));
  const label = (c: AccessChange) => `${names.get(c.idModul)}:${c.access}`;

  await services.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('user_module_denials')
      .select(['module_id', 'action'])
      .where('user_id', '=', target.id)
      .execute();
    const existing = new Set(before.map((d) => pairKey(d.module_id, d.action)));
    const toDeny = [...changes.added.entries()].filter(([key]) => !existing.has(key));
    const toLift = [...changes.removed.entries()].filter(([key]) => existing.has(key));
    if (toDeny.length > 0) {
      await trx
        .insertInto('user_module_denials')
        .values(
          toDeny.map(([, c]) => ({ user_id: target.id, module_id: c.idModul, action: c.access })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'module_id', 'action']).doNothing())
        .execute();
    }
    if (toLift.length > 0) {
      await trx
        .deleteFrom('user_module_denials')
        .where('user_id', '=', target.id)
        .where((eb) =>
          eb.or(
            toLift.map(([, c]) =>
              eb.and([eb('module_id', '=', c.idModul), eb('action', '=', c.access)]),
            ),
          ),
        )
        .execute();
    }
    await writeAudit(trx, {
      at: services.now(),
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'permissions_update',
      target: target.username,
      detail: {
        id: target.id,
        denied: toDeny.map(([, c]) => label(c)),
        allowed_again: toLift.map(([, c]) => label(c)),
      },
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      environment: auth.environment,
    });
  });
  return loadAccessList(services.db, target.id, auth.agent.id_grup);
}
