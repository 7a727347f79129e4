import type { Environment } from '@gerbang/shared';
import { formatRupiah, wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import type { Services } from '../../http/services';
import { mailMainUser } from '../../platform/alerts/raise';
import { summary } from './queue';

const DAY_MS = 86_400_000;
/** Scopes one pass mails at most; the next pass takes the rest. */
const PASS_MAX = 200;
/** The pass runs this often at most per process (the job loop ticks every few seconds). */
const EVERY_MS = 10 * 60_000;

let lastRun = 0;

const OPEN = ['amount_mismatch', 'unmatched_line', 'unmatched_item'];

/**
 * The daily reconciliation summary mail: every agent and environment that has
 * imported a statement gets, once per WIB day, the day before's match rate and drift in rupiah
 * and the exceptions still open across all days. Once per scope and day across processes: the
 * mail is queued in the transaction that inserts the (agent, environment, day) claim, and a second
 * insert of the same claim does nothing.
 */
export async function runReconSummaryOnce(services: Services, force = false): Promise<number> {
  const now = services.now();
  if (!force && now.getTime() - lastRun < EVERY_MS) return 0;
  lastRun = now.getTime();
  const day = wibDate(new Date(now.getTime() - DAY_MS));
  const scopes = await services.db
    .selectFrom('recon_statements as s')
    .leftJoin('recon_summary_mails as m', (join) =>
      join
        .onRef('m.agent_id', '=', 's.agent_id')
        .onRef('m.environment', '=', 's.environment')
        .on('m.day', '=', day),
    )
    .select(['s.agent_id', 's.environment'])
    .where('m.agent_id', 'is', null)
    // The provider's own statements (no agent, ADR 023) are summarised on the console page.
    .where('s.agent_id', 'is not', null)
    .groupBy(['s.agent_id', 's.environment'])
    .orderBy('s.agent_id')
    .limit(PASS_MAX)
    .execute();
  let sent = 0;
  for (const scope of scopes) {
    if (await mailScope(services, Number(scope.agent_id), scope.environment, day)) sent += 1;
  }
  return sent;
}

async function mailScope(
  services: Services,
  agentId: number,
  environment: Environment,
  day: string,
): Promise<boolean> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('recon_summary_mails')
      .values({ agent_id: agentId, environment, day, sent_at: now })
      .onConflict((oc) => oc.columns(['agent_id', 'environment', 'day']).doNothing())
      .returning('agent_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const [row] = await summary(trx, { agentId, environment }, { from: day, to: day });
    const open = await trx
      .selectFrom('recon_results')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<string>`coalesce(sum(drift), 0)::bigint`.as('drift'),
      ])
      .where('agent_id', '=', agentId)
      .where('environment', '=', environment)
      .where('status', 'in', OPEN as never[])
      .executeTakeFirst();
    return mailMainUser(trx, services.mail, now, agentId, {
      kind: 'recon_summary',
      subjectKey: 'recon.mail.summarySubject',
      bodyKey: 'recon.mail.summaryBody',
      vars: {
        day,
        environment,
        lines: row?.lines ?? 0,
        rate: `${((row?.match_rate ?? 1) * 100).toFixed(1)}%`,
        drift: formatRupiah(row?.drift ?? 0),
        open: Number(open?.n ?? 0),
        openDrift: formatRupiah(Number(open?.drift ?? 0)),
      },
    });
  });
}
