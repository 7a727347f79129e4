import { type DataPageDescriptor, type ExportJobCreated, wibDate } from '@gerbang/shared';
import type { AuthContext } from '../../http/auth-context';
import { refused } from '../../http/errors';
import type { Services } from '../../http/services';
import { type DataPlan, type StoredPlan, storedPlan } from '../data-pages/query';

/** Jobs one user may have waiting or running at once; more is refused until they finish. */
export const OPEN_EXPORTS_PER_USER = 5;

export interface ExportParams {
  version: 1;
  plan: StoredPlan;
  /** Column labels and status names are written in the language of the user who asked. */
  lang: 'id' | 'en';
}

/**
 * The download button (spec 03 §2.3): the page's checked query is stored as a job (status 0 New)
 * and the export worker writes the whole result, not only the page shown.
 */
export async function createExportJob(
  services: Services,
  auth: AuthContext,
  page: DataPageDescriptor,
  plan: DataPlan,
  lang: 'id' | 'en',
): Promise<ExportJobCreated> {
  const now = services.now();
  const params: ExportParams = {
    version: 1,
    plan: storedPlan(plan),
    lang,
  };
  // Counted under the user's row lock: parallel clicks queue there, so the count each one checks
  // includes the jobs the ones before it stored.
  const job = await services.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', auth.user.id).forUpdate().execute();
    const open = await trx
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<number>().as('open'))
      .where('user_id', '=', auth.user.id)
      .where('status', 'in', [0, 1, 2])
      .executeTakeFirstOrThrow();
    if (Number(open.open) >= OPEN_EXPORTS_PER_USER) {
      throw refused('data.errors.tooManyExports', { max: OPEN_EXPORTS_PER_USER });
    }
    return trx
      .insertInto('export_jobs')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        user_id: auth.user.id,
        nama_menu: page.path,
        params: JSON.stringify(params),
        tanggal_waktu_dibuat: now,
        created_date: wibDate(now),
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
  });
  return { id: job.id, status: job.status };
}
