import path from 'node:path';
import { translate, wibDate } from '@gerbang/shared';
import type { Selectable } from 'kysely';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { runStatementFile } from './files';
import { lastWholePeriod } from './periods';
import type { StatementDeliveriesTable } from './tables';
import { MAIL_LINK_TTL_MS, statementDownloadUrl } from './tokens';

/** Files up to this size travel with the mail; bigger ones are a link (mail servers cap size). */
export const ATTACH_MAX_BYTES = 2 * 1024 * 1024;
/** A period claimed by a process that stopped is taken again after this long, this many times. */
export const RUN_STALE_MS = 10 * 60 * 1000;
export const RUN_MAX_ATTEMPTS = 3;
/** Deliveries looked at per pass (the rest wait for the next pass). */
const DELIVERIES_PER_PASS = 100;

type Delivery = Selectable<StatementDeliveriesTable> & { username: string };
type Period = { from: string; to: string };

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * The claim that makes a period go out once: the run row's primary key (delivery, period start).
 * A second process, or a retry after a crash, finds the row and skips it; a claim left by a
 * process that stopped is taken again after RUN_STALE_MS, at most RUN_MAX_ATTEMPTS times.
 */
async function claimPeriod(services: Services, delivery: Delivery, period: Period) {
  const now = services.now();
  const inserted = await services.db
    .insertInto('statement_delivery_runs')
    .values({
      delivery_id: delivery.id,
      period_from: period.from,
      period_to: period.to,
      status: 'claimed',
      claimed_at: now,
    })
    .onConflict((oc) => oc.columns(['delivery_id', 'period_from']).doNothing())
    .returning('delivery_id')
    .executeTakeFirst();
  if (inserted) return true;
  const retaken = await services.db
    .updateTable('statement_delivery_runs')
    .set((eb) => ({ claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('delivery_id', '=', delivery.id)
    .where('period_from', '=', period.from)
    .where('status', '=', 'claimed')
    .where('claimed_at', '<', new Date(now.getTime() - RUN_STALE_MS))
    .where('attempts', '<', RUN_MAX_ATTEMPTS)
    .returning('delivery_id')
    .executeTakeFirst();
  return Boolean(retaken);
}

/** The statement file of the period, written now in this pass. */
async function writePeriodFile(services: Services, delivery: Delivery, period: Period) {
  const file = await services.db
    .insertInto('statement_files')
    .values({
      agent_id: delivery.agent_id,
      environment: delivery.environment,
      user_id: delivery.user_id,
      format: delivery.format,
      lang: delivery.lang,
      from_date: period.from,
      to_date: period.to,
      status: 2,
      claimed_at: services.now(),
      created_at: services.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const ok = await runStatementFile(services, { ...file, attempts: 1 });
  const done = await services.db
    .selectFrom('statement_files')
    .select(['id', 'file_name', 'byte_count', 'format', 'error'])
    .where('id', '=', file.id)
    .executeTakeFirstOrThrow();
  return { ok, file: done };
}

interface DeliveryOptions {
  /** Files up to this many bytes are attached (ATTACH_MAX_BYTES unless a test says otherwise). */
  attachMaxBytes: number;
}

function mailOf(
  services: Services,
  delivery: Delivery,
  period: Period,
  file: { id: number; file_name: string | null; byte_count: number | null; format: string },
  opts: DeliveryOptions,
) {
  const lang = delivery.lang;
  const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
  const small = Number(file.byte_count ?? 0) <= opts.attachMaxBytes && file.file_name;
  const name = `statement-${period.from}_${period.to}${path.extname(file.file_name ?? '')}`;
  const link = `${services.config.publicUrl.replace(/\/$/, '')}${statementDownloadUrl(
    services,
    { id: file.id, agentId: delivery.agent_id },
    MAIL_LINK_TTL_MS,
  )}`;
  const body = [
    t('statements.mail.body', { from: period.from, to: period.to }),
    small ? t('statements.mail.attached') : t('statements.mail.link', { link }),
  ].join('\n\n');
  return {
    to: delivery.username,
    subject: t('statements.mail.subject', {
      frequency: t(`statements.frequency.${delivery.frequency}`),
      from: period.from,
      to: period.to,
    }),
    text: body,
    kind: 'statement_delivery',
    attachment: small
      ? { name, path: path.join(services.config.exportDir, file.file_name as string) }
      : undefined,
  };
}

/** One period of one delivery: claim, write, then mail + mark sent + audit in one transaction. */
async function deliverPeriod(
  services: Services,
  delivery: Delivery,
  period: Period,
  opts: DeliveryOptions,
) {
  if (!(await claimPeriod(services, delivery, period))) return null;
  const { ok, file } = await writePeriodFile(services, delivery, period);
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    if (ok) await services.mail.queue(trx, [mailOf(services, delivery, period, file, opts)]);
    await trx
      .updateTable('statement_delivery_runs')
      .set({
        status: ok ? 'sent' : 'failed',
        statement_file_id: file.id,
        error: ok ? null : file.error,
        sent_at: ok ? now : null,
      })
      .where('delivery_id', '=', delivery.id)
      .where('period_from', '=', period.from)
      .execute();
    await writeAudit(trx, {
      at: now,
      agentId: delivery.agent_id,
      userId: delivery.user_id,
      username: delivery.username,
      environment: delivery.environment,
      action: ok ? 'statement_delivery_sent' : 'statement_delivery_failed',
      target: `statement_delivery:${delivery.id}`,
      detail: { ...period, format: delivery.format, statement_file: file.id },
    });
  });
  if (ok) await services.mail.deliverQueued();
  return ok;
}

/**
 * The job loop's pass: for every active delivery, its last whole WIB period, once. A delivery
 * starts with the first period that ends on or after the day it was set up (no back-filling).
 */
export async function runDeliveriesOnce(
  services: Services,
  opts: DeliveryOptions = { attachMaxBytes: ATTACH_MAX_BYTES },
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  const deliveries = await services.db
    .selectFrom('statement_deliveries as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select('u.username')
    .where('d.active', '=', true)
    .where('u.deleted_at', 'is', null)
    .orderBy('d.id')
    .limit(DELIVERIES_PER_PASS)
    .execute();
  const now = services.now();
  for (const delivery of deliveries) {
    const period = lastWholePeriod(delivery.frequency, now);
    if (period.to < wibDate(new Date(delivery.created_at))) continue;
    const ok = await deliverPeriod(services, delivery, period, opts);
    if (ok === true) report.sent += 1;
    if (ok === false) report.failed += 1;
  }
  return report;
}
