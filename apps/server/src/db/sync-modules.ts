import { joinActions, MODULES } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import { KNOWN_GROUPS, syncModules } from './migrations/0002_permissions';
import type { Database } from './schema';

/** The rows syncModules writes: every module, and each group's full action set on it. */
function wantedRows() {
  const modules = new Map<number, string>();
  const access = new Map<string, string>();
  for (const module of MODULES) {
    const actions = joinActions(module.actions);
    modules.set(module.id, `${module.name}\0${actions}`);
    for (const group of KNOWN_GROUPS) {
      if (module.groups && !module.groups.includes(group)) continue;
      access.set(`${group}:${module.id}`, actions);
    }
  }
  return { modules, access };
}

/**
 * At each start the module catalogue and group defaults are brought to the shared permission
 * model (syncModules). Usually nothing changed since the last start: one read of both tables tells,
 * and the upserts (one statement per module and group, about a second on PGlite) run only when a
 * row is missing or differs. The result is the same either way.
 */
export async function syncModulesAtStart(db: Kysely<Database>): Promise<void> {
  const wanted = wantedRows();
  const [modules, access] = await Promise.all([
    db.selectFrom('modules').select(['id', 'name', 'actions']).execute(),
    db.selectFrom('group_module_access').select(['id_grup', 'module_id', 'actions']).execute(),
  ]);
  const haveModules = new Map(modules.map((m) => [m.id, `${m.name}\0${m.actions}`]));
  const haveAccess = new Map(access.map((a) => [`${a.id_grup}:${a.module_id}`, a.actions]));
  const differs = <K>(want: Map<K, string>, have: Map<K, string>) =>
    [...want].some(([key, value]) => have.get(key) !== value);
  if (differs(wanted.modules, haveModules) || differs(wanted.access, haveAccess)) {
    await syncModules(db);
  }
}
