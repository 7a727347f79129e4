/**
 * An incoming transfer to one of the provider's bank accounts (a manual top-up, spec 02 §2.5, §5:
 * "the user must pay the exact total including the last 3 digits"). An open deposit on that
 * account with exactly this total, not yet expired, is matched: the whole amount (unique code
 * included, it is the merchant's money) goes to the merchant's available balance. Anything else
 * stays in the suspense account, visible to the provider.
 */
import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import { wibDate } from '@gerbang/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { InboundPaymentNotification } from '../../rails';
import { describedColumns } from '../transactions/descriptions';
import type { TransactionsTable } from '../transactions/tables';
import { type CallbackInput, queueCallback } from './callbacks';
import { ACCOUNT } from './ledger';
import { matchManualOrder } from './orders';

type Trx = Kysely<Database>;
type BankServices = Pick<Services, 'db' | 'now' | 'ledger'>;

export interface BankTransferOutcome {
  idTransaksi: string;
  agentId: number | null;
  outcome: 'available' | 'suspense';
}

/** Clearing subkey of transfers whose bank we do not know (no deposit matched). */
const UNMATCHED_CLEARING = 'BANK_TRANSFER';

interface TopupTransfer {
  id: string;
  debit: number;
  credit: number;
  amount: number;
  kind: string;
  reference: string;
  description: string;
}

async function post(services: BankServices, trx: Trx, transfer: TopupTransfer) {
  const result = await services.ledger.createTransfer(transferInput(transfer), { trx });
  if (!isTransferOk(result)) throw new Error(`ledger refused ${transfer.kind}: ${result.result}`);
}

async function toSuspense(
  services: BankServices,
  trx: Trx,
  n: InboundPaymentNotification,
): Promise<BankTransferOutcome> {
  const { ledger } = services;
  const [clearing, suspense] = await ledger.ensureAccounts(
    [
      { kind: ACCOUNT.clearing, subkey: UNMATCHED_CLEARING, environment: n.environment },
      { kind: ACCOUNT.suspense, environment: n.environment },
    ],
    { trx },
  );
  if (!clearing || !suspense) throw new Error('suspense accounts missing');
  const reference = `SUSP-${n.railReference}`;
  await post(services, trx, {
    id: `payin:suspense:${n.environment}:${n.railReference}`,
    debit: clearing.id,
    credit: suspense.id,
    amount: n.amount,
    kind: 'unmatched_transfer',
    reference,
    description: `Unmatched transfer to ${n.paidTo}`,
  });
  return { idTransaksi: reference, agentId: null, outcome: 'suspense' };
}

// The deposits table is the top-up area's: its type comes from the schema, so this block does not
// import topup (which builds on this block).
type MatchedDeposit = Pick<
  Selectable<Database['deposits']>,
  'id_deposit' | 'agent_id' | 'user_id' | 'username' | 'norekening' | 'kodebank' | 'namabank'
>;

/**
 * A transfer matched to an open deposit at `now` (pure; the seed books its top-ups with it): the
 * clearing → available transfer of the whole amount, what the deposit becomes, its cash-in
 * transaction row and the callback.
 */
export function matchedTopupRows(input: {
  deposit: MatchedDeposit;
  n: Pick<InboundPaymentNotification, 'environment' | 'amount' | 'paidAt' | 'railReference'>;
  now: Date;
  accounts: { clearing: number; available: number };
}) {
  const { deposit, n, now, accounts } = input;
  const transferId = `topup:${deposit.id_deposit}`;
  const transfer = {
    id: transferId,
    debit: accounts.clearing,
    credit: accounts.available,
    amount: n.amount,
    kind: 'topup',
    reference: deposit.id_deposit,
    description: `Top up via ${deposit.namabank}`,
  };
  const transaction: Insertable<TransactionsTable> = {
    id_transaksi: deposit.id_deposit,
    agent_id: deposit.agent_id,
    environment: n.environment,
    user_id: deposit.user_id,
    kind: 'TOPUP',
    jenis_produk: 'IPG',
    jenis_trx: 'CASH IN',
    jenis_transaksi: 1,
    status_trx: 'SUCCESS',
    time_request: n.paidAt,
    transaction_date: wibDate(n.paidAt),
    time_completed: now,
    nopelanggan1: deposit.norekening,
    id_produk: 'TOPUP',
    nama_produk: 'Top Up',
    nama_channel: 'TRANSFER',
    kodebank: deposit.kodebank,
    namabank: deposit.namabank,
    customername: deposit.username,
    nominal_origin: n.amount,
    nominal_admin: 0,
    response_code: '00',
    responsebiller: 'SUCCESS',
    ...describedColumns('descriptions.topupVia', { bank: deposit.namabank }),
    rail_reference: n.railReference,
    ledger_transfer_id: transferId,
    created_at: now,
    updated_at: now,
  };
  const callback: CallbackInput = {
    agentId: deposit.agent_id,
    environment: n.environment,
    idTransaksi: deposit.id_deposit,
    type: 'topup',
    timeRequest: n.paidAt,
    body: { id_deposit: deposit.id_deposit, status: 'SUCCESS', amount: n.amount },
  };
  return {
    transfer,
    deposit: { status: 1, tanggal_transfer: n.paidAt, ledger_transfer_id: transferId },
    transaction,
    callback,
  };
}

/** The ledger transfer of `post` as the ledger takes it. */
export function transferInput(transfer: TopupTransfer): TransferInput {
  return {
    id: transfer.id,
    debitAccountId: transfer.debit,
    creditAccountId: transfer.credit,
    amount: transfer.amount,
    kind: transfer.kind,
    reference: transfer.reference,
    description: transfer.description,
  };
}

export async function receiveBankTransfer(
  services: BankServices,
  trx: Trx,
  n: InboundPaymentNotification,
): Promise<BankTransferOutcome> {
  const now = services.now();
  const deposit = await trx
    .selectFrom('deposits')
    .selectAll()
    .where('environment', '=', n.environment)
    .where('norekening', '=', n.paidTo.replace(/[\s-]/g, ''))
    // A leftover return (kind 'return') is money going out, never matched by an incoming transfer.
    .where('kind', '=', 'topup')
    .where('status', '=', 0)
    .where('nominal_unik', '=', n.amount)
    .where('expired_at', '>', n.paidAt)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!deposit) {
    // Not a top-up: perhaps the exact total of an open order paid by manual transfer.
    const order = await matchManualOrder(services, trx, n);
    if (order) return { ...order, outcome: 'available' };
    return toSuspense(services, trx, n);
  }

  const { ledger } = services;
  const [clearing, available] = await ledger.ensureAccounts(
    [
      { kind: ACCOUNT.clearing, subkey: deposit.kodebank, environment: n.environment },
      { kind: ACCOUNT.available, agentId: deposit.agent_id, environment: n.environment },
    ],
    { trx },
  );
  if (!clearing || !available) throw new Error('top-up accounts missing');
  const rows = matchedTopupRows({
    deposit,
    n,
    now,
    accounts: { clearing: clearing.id, available: available.id },
  });
  await post(services, trx, rows.transfer);
  await trx.updateTable('deposits').set(rows.deposit).where('id', '=', deposit.id).execute();
  await trx.insertInto('transactions').values(rows.transaction).execute();
  await queueCallback(trx, now, rows.callback);
  return { idTransaksi: deposit.id_deposit, agentId: deposit.agent_id, outcome: 'available' };
}
