import type { ScheduleRule } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { guardSave, type SaveInput } from '../bulk-transfer/group';
import { firstDue, guardOpenCount, itemOf, scheduleAudit } from './service';
import type { ScheduledBulkGroup } from './tables';

/**
 * A bulk transfer group scheduled from the bulk page's Check instead of saved now: the same
 * guards as the save (the Check's token, no row twice, the PIN, bank transfers available), then
 * in one transaction the token used once, the schedule and a copy of the rows the Check answered
 * (destination and account name as the bank gave them). Nothing is held now: each occurrence
 * makes a new group, held whole at its time (bulk-run.ts).
 */
export async function createBulkSchedule(
  services: Services,
  actor: UserActor,
  input: SaveInput & { rule: ScheduleRule },
): Promise<ScheduleItem> {
  const now = services.now();
  const due = firstDue(input.rule, now);
  const ids = await guardSave(services, actor, input, 'schedule_create');
  const row = await services.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('bulk_checksums')
      .set({ used_at: now })
      .where('uuid_user', '=', input.uuid_user)
      .where('used_at', 'is', null)
      .returning('uuid_user')
      .executeTakeFirst();
    if (!used) throw validationError('bulk.errors.tokenUsed');
    await guardOpenCount(trx, actor);
    const { auth } = actor;
    const group: ScheduledBulkGroup = {
      group_name: input.group_name,
      group_desc: input.group_desc,
      rows: ids.length,
    };
    const inserted = await trx
      .insertInto('payout_schedules')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        maker_user_id: auth.user.id,
        kind: 'bulk',
        destination: JSON.stringify(group),
        // The rows' subtotal, set once they are copied below.
        amount: 1,
        note: input.group_desc,
        rule: JSON.stringify(input.rule),
        next_due_at: due,
        next_run_at: due,
        source_bulk_uuid: input.uuid_user,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('source_bulk_uuid').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw validationError('bulk.errors.tokenUsed');
    const subtotal = await copyRows(trx, inserted.id, input.uuid_user, ids);
    const saved = await trx
      .updateTable('payout_schedules')
      .set({ amount: subtotal })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, scheduleAudit(actor, now, 'schedule_create', saved));
    return saved;
  });
  return itemOf(services, actor, row);
}

/**
 * The chosen rows of the Check (by transaction id, in the page's order) copied with ONE
 * INSERT … SELECT; a row the Check did not answer refuses the schedule. Answers the subtotal.
 */
async function copyRows(
  trx: Transaction<Database>,
  scheduleId: number,
  uuidUser: string,
  ids: string[],
): Promise<number> {
  const copied = await sql<{ rows: number; subtotal: number | string | null }>`
    with chosen as (
      insert into schedule_bulk_rows (schedule_id, row_no, customername, phone, email, kodebank,
        namabank, norekeningtujuan, nominal, note)
      select ${scheduleId}, s.ord, r.customername, nullif(r.phone, ''), nullif(r.email, ''),
             r.kodebank, r.namabank, r.norekeningtujuan, r.nominal, r.note
        from unnest(${ids}::text[]) with ordinality as s(id, ord)
        join bulk_inquiry_rows r on r.idtransaksi = s.id and r.uuid_user = ${uuidUser}
      returning nominal
    )
    select count(*)::int as rows, sum(nominal) as subtotal from chosen`.execute(trx);
  const totals = copied.rows[0];
  if (!totals || Number(totals.rows) !== ids.length) {
    throw refused('bulk.errors.rowChanged', { row: 1 });
  }
  return Number(totals.subtotal ?? 0);
}
