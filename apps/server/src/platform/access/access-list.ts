import { joinActions, type ModuleAccess, splitActions } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The effective access list of a user: every module the agent's group grants, with the user's
 * denied actions listed beside (`hak_akses_dilarang`), the shape the login result and the
 * permission calls carry. Read on every request so a change applies at the user's next call.
 */
export async function loadAccessList(
  db: Kysely<Database>,
  userId: number,
  idGrup: number,
): Promise<ModuleAccess[]> {
  const [granted, denied] = await Promise.all([
    db
      .selectFrom('group_module_access as g')
      .innerJoin('modules as m', 'm.id', 'g.module_id')
      .select(['m.id', 'm.name', 'g.actions'])
      .where('g.id_grup', '=', idGrup)
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('user_module_denials')
      .select(['module_id', 'action'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return accessListFrom(granted, denied);
}

/** The access list from the group's grants and the user's denials (as loadAccessList reads them). */
export function accessListFrom(
  granted: ReadonlyArray<{ id: number; name: string; actions: string }>,
  denied: ReadonlyArray<{ module_id: number; action: string }>,
): ModuleAccess[] {
  return granted.map((row) => {
    const deniedActions = splitActions(
      denied
        .filter((d) => d.module_id === row.id)
        .map((d) => d.action)
        .join('|'),
    );
    return {
      id_modul: row.id,
      nama_modul: row.name,
      hak_akses: row.actions,
      hak_akses_dilarang: joinActions(deniedActions),
    };
  });
}
