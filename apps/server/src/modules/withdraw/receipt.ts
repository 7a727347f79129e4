import {
  type Environment,
  formatWibDateTime,
  type Language,
  translate,
  wibDate,
} from '@gerbang/shared';
import type { WithdrawPaymentResult, WithdrawTableData } from '@gerbang/shared/contract/withdraw';
import { findProductCode } from '@gerbang/shared/domain/products';
import type { Selectable } from 'kysely';
import type { Services } from '../../http/services';
import { submissionDetail } from '../payouts/submissions';
import { describeRow } from '../transactions/descriptions';
import type { TransactionsTable } from '../transactions/tables';
import { logoUrl } from './inquiry';

export type TransactionRow = Selectable<TransactionsTable>;

interface ReceiptContext {
  checksum: string;
  uuidUser: string;
  /** The inquiry's destination code (bank code, e-wallet id, IDMTARIKTUNAI) for the logo. */
  code: string;
  /** Retail: the rail's how-to-collect note in both languages. */
  howToCollect?: Partial<Record<Language, string>> | null;
}

/** Descriptions of a payout held at a gate of the pipeline (ADR 012, 016). */
const HELD_KEYS = new Set(['descriptions.nameMismatch', 'descriptions.waitingApproval']);

/** The KETERANGAN a user reads: why it failed, or that it is still on its way. */
export function describeStatus(row: TransactionRow, lang: Language): string {
  if (row.status_trx === 'SUCCESS') return translate(lang, 'withdraw.paymentSuccess');
  if (row.status_trx === 'FAILED') {
    const key = `withdraw.rail.${row.response_code}`;
    const text = translate(lang, key);
    return text === key ? translate(lang, 'withdraw.paymentFailed') : text;
  }
  if (row.response_code === 'QUEUED_BANK_DOWNTIME') return translate(lang, 'withdraw.bankQueued');
  // Held at a pipeline gate: say why — a name mismatch or an approval it waits for.
  if (row.keterangan_key && HELD_KEYS.has(row.keterangan_key)) {
    return describeRow(lang, row) ?? translate(lang, 'withdraw.paymentProcessing');
  }
  return translate(lang, 'withdraw.paymentProcessing');
}

export function receiptOf(
  row: TransactionRow,
  lang: Language,
  ctx: ReceiptContext,
): WithdrawPaymentResult {
  const note = row.token_code ? (ctx.howToCollect?.[lang] ?? row.note ?? '') : null;
  const productName = findProductCode(row.id_produk ?? '')?.nama_produk ?? row.nama_produk ?? '';
  const tabledata: WithdrawTableData = {
    CATATAN: row.addinfo21 ?? '',
    'ID TRANSAKSI': row.id_transaksi,
    KETERANGAN: describeStatus(row, lang),
    'NAMA CHANNEL': row.nama_channel ?? '',
    'NAMA PELANGGAN': row.customername ?? '',
    'NAMA PRODUK': productName,
    'NO PELANGGAN': row.nopelanggan1 ?? '',
    NOMINAL: row.nominal_origin,
    'NOMINAL ADMIN': row.nominal_admin,
    'TANGGAL TRANSAKSI': formatWibDateTime(new Date(row.time_request)),
    ...(row.token_code ? { 'KODE PENGAMBILAN': row.token_code, 'CARA BAYAR': note ?? '' } : {}),
  };
  return {
    id_transaksi: row.id_transaksi,
    tanggal_transaksi: formatWibDateTime(new Date(row.time_request)),
    transaction_date: wibDate(new Date(row.time_request)),
    nama_channel: row.nama_channel ?? '',
    nama_pelanggan: row.customername ?? '',
    no_pelanggan: row.nopelanggan1 ?? '',
    nominal: row.nominal_origin,
    nominal_admin: row.nominal_admin,
    total: row.nominal_origin + row.nominal_admin,
    token_code: row.token_code,
    note,
    status_trx: row.status_trx,
    keterangan: describeStatus(row, lang),
    is_void: row.is_void,
    tabledata,
    produkname: row.nama_channel ?? productName,
    url_image: logoUrl(ctx.code),
    checksum: ctx.checksum,
    uuid_user: ctx.uuidUser,
    id_produk: row.id_produk ?? '',
  };
}

/** Loads the transaction of an inquiry with what its receipt needs. */
export async function loadReceipt(
  services: Services,
  inquiry: {
    id: number;
    id_transaksi: string;
    agent_id: number;
    environment: string;
    checksum: string;
    uuid_user: string;
    code: string;
  },
  lang: Language,
): Promise<WithdrawPaymentResult | null> {
  const row = await services.db
    .selectFrom('transactions')
    .selectAll()
    .where('id_transaksi', '=', inquiry.id_transaksi)
    .where('agent_id', '=', inquiry.agent_id)
    .where('environment', '=', inquiry.environment as Environment)
    .executeTakeFirst();
  if (!row) return null;
  const detail = (await submissionDetail(services, row.id)) as
    | { howToCollect?: Partial<Record<Language, string>> }
    | null
    | undefined;
  return receiptOf(row, lang, {
    checksum: inquiry.checksum,
    uuidUser: inquiry.uuid_user,
    code: inquiry.code,
    howToCollect: detail?.howToCollect ?? null,
  });
}
