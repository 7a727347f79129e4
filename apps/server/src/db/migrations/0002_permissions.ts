import { joinActions, MODULES } from '@gerbang/shared';
import type { Kysely } from 'kysely';

/** Agent groups that exist in the product; every group gets its modules' full action set by default. */
export const KNOWN_GROUPS = [1, 3, 5, 6, 7, 11, 13] as const;

/**
 * Seeds the module catalogue and the group defaults from the shared permission model, so the
 * server, the page and the database agree on one list. Re-running upserts (modules may gain actions).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await syncModules(db);
}

export async function syncModules(db: Kysely<any>): Promise<void> {
  for (const module of MODULES) {
    await db
      .insertInto('modules')
      .values({ id: module.id, name: module.name, actions: joinActions(module.actions) })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ name: module.name, actions: joinActions(module.actions) }),
      )
      .execute();
    for (const group of KNOWN_GROUPS) {
      if (module.groups && !module.groups.includes(group)) continue;
      await db
        .insertInto('group_module_access')
        .values({ id_grup: group, module_id: module.id, actions: joinActions(module.actions) })
        .onConflict((oc) =>
          oc
            .columns(['id_grup', 'module_id'])
            .doUpdateSet({ actions: joinActions(module.actions) }),
        )
        .execute();
    }
  }
}
