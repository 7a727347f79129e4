import { wibDate } from '@gerbang/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { loadPolicy } from '../approvals/policy';
import { insertRequests, planApproval } from '../approvals/requests';
import { startGroup, tryHoldGroup } from '../bulk-transfer/group';
import { bankFee, type Fee } from '../bulk-transfer/inquiry';
import { newBatchKey, newRowTransactionId } from '../bulk-transfer/tokens';
import { percentFee } from '../withdraw/pricing';
import type { PayoutSchedulesTable, ScheduledBulkGroup } from './tables';

/**
 * One occurrence of a scheduled bulk group, inside the runner's batch transaction: a new group
 * from the schedule's rows, priced now, then exactly what the bulk page's save does — the approval
 * policy for the group's subtotal, ONE hold of the whole group (refused as a whole when the
 * balance is short), then WAITING_APPROVAL with its request, or RUNNING for the bulk job to send.
 * A savepoint takes the group back when the hold is refused: the occurrence fails whole and
 * writes nothing but its FAILED claim row (the runner mails the maker; no blind retry).
 */

type Trx = Transaction<Database>;
type ScheduleRow = Selectable<PayoutSchedulesTable>;

/** Rows per INSERT (20,000 rows are a few statements; parameters stay far under the limit). */
const INSERT_CHUNK = 1_000;

export type BulkOccurrence =
  | { ok: true; groupId: number; waiting: boolean; fee: number }
  | { ok: false; reason: 'BALANCE_SHORT' | 'PRODUCT_DISRUPTED'; fee: number };

export async function runBulkOccurrence(
  services: Services,
  trx: Trx,
  schedule: ScheduleRow,
  runId: number,
  now: Date,
): Promise<BulkOccurrence> {
  const fee = await bankFee({ db: trx }, schedule.agent_id);
  if (fee.disrupted) return { ok: false, reason: 'PRODUCT_DISRUPTED', fee: 0 };
  await sql`savepoint scheduled_bulk`.execute(trx);
  const groupId = await insertGroup(trx, schedule, now);
  const { subtotal, fees } = await insertRows(trx, schedule, groupId, fee, now);
  const total = subtotal + fees;
  await trx
    .updateTable('disbursement_groups')
    .set({ total_amount: subtotal, total_fee: fees })
    .where('id', '=', groupId)
    .execute();
  const plan = planApproval(
    await loadPolicy(trx, schedule.agent_id, schedule.environment),
    'bulk',
    subtotal,
    now,
  );
  const group = { id: groupId, agent_id: schedule.agent_id, environment: schedule.environment };
  const held = await tryHoldGroup(services, trx, { ...group, total }, now);
  if (!held.ok) {
    await sql`rollback to savepoint scheduled_bulk`.execute(trx);
    return { ok: false, reason: 'BALANCE_SHORT', fee: fees };
  }
  const named = schedule.destination as ScheduledBulkGroup;
  if (plan) {
    await insertRequests(trx, now, [
      {
        agentId: schedule.agent_id,
        environment: schedule.environment,
        subject: 'bulk_group',
        subjectId: groupId,
        reference: `BULK${groupId}`,
        amount: subtotal,
        fee: fees,
        destination: `${named.group_name} (${named.rows})`,
        makerUserId: schedule.maker_user_id,
        plan,
      },
    ]);
  } else {
    await startGroup(trx, groupId);
  }
  await writeAudit(trx, {
    at: now,
    agentId: schedule.agent_id,
    userId: schedule.maker_user_id,
    username: null,
    action: 'scheduled_bulk_run',
    target: String(groupId),
    detail: { schedule: schedule.id, run: runId, subtotal, fees, waiting: plan !== null },
    environment: schedule.environment,
  });
  return { ok: true, groupId, waiting: plan !== null, fee: fees };
}

async function insertGroup(trx: Trx, schedule: ScheduleRow, now: Date): Promise<number> {
  const named = schedule.destination as ScheduledBulkGroup;
  const group = await trx
    .insertInto('disbursement_groups')
    .values({
      agent_id: schedule.agent_id,
      environment: schedule.environment,
      user_id: schedule.maker_user_id,
      group_name: named.group_name,
      group_desc: named.group_desc,
      created_date: now,
      created_day: wibDate(now),
      detail_count: named.rows,
      status: 'WAITING_APPROVAL',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(group.id);
}

/** The schedule's rows as the group's rows (status 0 New), each with its fee of today. */
async function insertRows(
  trx: Trx,
  schedule: ScheduleRow,
  groupId: number,
  fee: Fee,
  now: Date,
): Promise<{ subtotal: number; fees: number }> {
  const rows = await trx
    .selectFrom('schedule_bulk_rows')
    .selectAll()
    .where('schedule_id', '=', schedule.id)
    .orderBy('row_no')
    .execute();
  const batchKey = newBatchKey();
  let subtotal = 0;
  let fees = 0;
  const values = rows.map((row, index) => {
    const nominal = Number(row.nominal);
    const adminFee = fee.flat + (fee.percent ? percentFee(nominal, fee.percent) : 0);
    subtotal += nominal;
    fees += adminFee;
    return {
      group_id: groupId,
      agent_id: schedule.agent_id,
      environment: schedule.environment,
      row_no: row.row_no,
      customername: row.customername,
      phone: row.phone,
      email: row.email,
      kodebank: row.kodebank,
      namabank: row.namabank,
      norekeningtujuan: row.norekeningtujuan,
      nominal,
      admin_fee: adminFee,
      note: row.note,
      id_transaksi: newRowTransactionId(now, batchKey, index + 1),
      status: 0,
      created_date: now,
      created_day: wibDate(now),
    };
  });
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('disbursement_details')
      .values(values.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  return { subtotal, fees };
}
