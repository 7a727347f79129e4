import { RC, translate } from '@gerbang/shared';
import {
  type BulkBatchItem,
  type BulkInquiryResult,
  type BulkTransferColumn,
  checkBulkRow,
} from '@gerbang/shared/contract/bulk-transfer';
import { findBank } from '@gerbang/shared/domain/banks';
import type { Insertable } from 'kysely';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { percentFee, priceWithdrawal, WITHDRAW_PRODUCT_CODE } from '../withdraw/pricing';
import type { BulkInquiryRowsTable } from './tables';
import { newBatchKey, newRowTransactionId, requireToken } from './tokens';

/**
 * The bulk inquiry (spec 02 §7 `cashout_inquiry` with `type_inq=bulk`): for each row the §5 row
 * rules, then the bank's account-name inquiry, then the admin fee from the agent's pricing. No
 * password: the Check's token stands for it. Each answered row is kept under the token for the
 * save (bulk_inquiry_rows). The batch form answers every row of one request in one response.
 */

export interface RowInput {
  code?: string | number | null;
  number?: string | number | null;
  nominal?: string | number | null;
  phone?: string | number | null;
  email?: string | number | null;
  note?: string | number | null;
  line?: number;
}

export interface Fee {
  flat: number;
  percent: number;
  disrupted: boolean;
}

/** The agent's bank-transfer fee now (flat and percent) and whether the product is disrupted. */
export async function bankFee(services: Pick<Services, 'db'>, agentId: number): Promise<Fee> {
  const row = await services.db
    .selectFrom('product_pricing')
    .select(['fee_admin', 'fee_admin_prosen', 'is_gangguan'])
    .where('agent_id', '=', agentId)
    .where('kode_produk', '=', WITHDRAW_PRODUCT_CODE.BANK)
    .executeTakeFirst();
  if (!row) {
    const fallback = await priceWithdrawal(services.db, agentId, 'BANK', 0);
    return { flat: fallback.adminFee, percent: 0, disrupted: false };
  }
  return {
    flat: row.fee_admin,
    percent: Number(row.fee_admin_prosen),
    disrupted: row.is_gangguan,
  };
}

/**
 * Refuses while the bank-transfer product is disrupted: checked again when a group is saved, since
 * the product may have been switched off between the Check and the save.
 */
export async function assertBankTransferAvailable(services: Services, agentId: number) {
  if ((await bankFee(services, agentId)).disrupted) throw refused('bulk.errors.disrupted');
}

type RowOutcome =
  | { ok: true; result: BulkInquiryResult; kept: Kept }
  | { ok: false; rc: string; key: string; vars: Record<string, string | number>; column?: string };

async function inquireOne(
  services: Services,
  fee: Fee,
  input: RowInput,
  rowNo: number,
  id: { batchKey: string; seq: number },
): Promise<RowOutcome> {
  const checked = checkBulkRow(
    {
      bankCode: input.code,
      accountNumber: input.number,
      phone: input.phone,
      email: input.email,
      nominal: input.nominal,
      note: input.note,
    },
    rowNo,
  );
  if (!checked.ok) {
    const { problem } = checked;
    return {
      ok: false,
      rc: RC.VALIDATION,
      key: problem.key,
      vars: { row: problem.row, column: problem.column },
      column: problem.column,
    };
  }
  const row = checked.row;
  const bank = findBank(row.bankCode);
  const now = services.now();
  const found = await services.rails.bank.inquiry({
    bankCode: row.bankCode,
    accountNumber: row.accountNumber,
    accountType: 'NORMAL',
    now,
  });
  if (!found.ok) {
    return {
      ok: false,
      rc: RC.REFUSED,
      key: `withdraw.rail.${found.code}`,
      vars: { row: rowNo, code: found.code },
    };
  }
  const adminFee = fee.flat + (fee.percent ? percentFee(row.nominal, fee.percent) : 0);
  const idtransaksi = newRowTransactionId(now, id.batchKey, id.seq);
  const result: BulkInquiryResult = {
    idtransaksi,
    anrekeningtujuan: found.accountName,
    nominal: row.nominal + adminFee,
    nominaladmin: adminFee,
    nominalorigin: row.nominal,
    kodebanktujuan: row.bankCode,
    norekeningtujuan: row.accountNumber,
    customername: found.accountName,
  };
  const kept: Kept = {
    idtransaksi,
    kodebank: row.bankCode,
    namabank: bank?.namabank ?? row.bankCode,
    norekeningtujuan: row.accountNumber,
    customername: found.accountName,
    nominal: row.nominal,
    admin_fee: adminFee,
    phone: row.phone,
    email: row.email,
    note: row.note,
  };
  return { ok: true, result, kept };
}

/** Rows per INSERT of answered rows (also what a batch holds before writing them). */
const STORE_CHUNK = 1_000;

/** An answered row as the save will pay it. */
type Kept = Omit<Insertable<BulkInquiryRowsTable>, 'uuid_user'>;

/** Keeps answered rows under the Check's token, for the save. */
async function keepAnswered(services: Services, uuid: string, rows: Kept[]) {
  if (rows.length === 0) return;
  await services.db
    .insertInto('bulk_inquiry_rows')
    .values(rows.map((r) => ({ ...r, uuid_user: uuid })))
    .execute();
}

/** The spec's per-row call: one row, answered as the row's result or its error. */
export async function inquireBulkRow(
  services: Services,
  actor: UserActor,
  input: RowInput & { token: string; uuid_user: string },
): Promise<BulkInquiryResult> {
  await requireToken(services, actor, input);
  const fee = await bankFee(services, actor.auth.agent.id);
  if (fee.disrupted) throw refused('bulk.errors.disrupted');
  const outcome = await inquireOne(services, fee, input, 1, {
    batchKey: newBatchKey(),
    seq: 0,
  });
  if (!outcome.ok) {
    throw new ApiError(
      outcome.rc,
      outcome.key,
      outcome.vars,
      outcome.column ? { row: 1, column: outcome.column } : null,
    );
  }
  await keepAnswered(services, input.uuid_user, [outcome.kept]);
  return outcome.result;
}

/** The batch form: every row of the request, each paid or errored, in the request's order. */
export async function inquireBulkBatch(
  services: Services,
  actor: UserActor,
  input: { token: string; uuid_user: string; rows: RowInput[] },
): Promise<{ items: BulkBatchItem[]; paid: number; errors: number }> {
  await requireToken(services, actor, input);
  const fee = await bankFee(services, actor.auth.agent.id);
  if (fee.disrupted) throw refused('bulk.errors.disrupted');
  const items: BulkBatchItem[] = [];
  const batchKey = newBatchKey();
  let paid = 0;
  let pending: Kept[] = [];
  for (let index = 0; index < input.rows.length; index++) {
    const outcome = await inquireOne(
      services,
      fee,
      input.rows[index] ?? {},
      input.rows[index]?.line ?? index + 1,
      { batchKey, seq: index },
    );
    if (outcome.ok) {
      paid += 1;
      items.push({ index, status: 'paid', ...outcome.result });
      pending.push(outcome.kept);
      if (pending.length >= STORE_CHUNK) {
        await keepAnswered(services, input.uuid_user, pending);
        pending = [];
      }
    } else {
      items.push({
        index,
        status: 'error',
        rc: outcome.rc,
        rd: translate(actor.lang, outcome.key, outcome.vars),
        ...(outcome.column ? { column: outcome.column as BulkTransferColumn } : {}),
      });
    }
  }
  await keepAnswered(services, input.uuid_user, pending);
  return { items, paid, errors: items.length - paid };
}
