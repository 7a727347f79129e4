/**
 * The row of a transfer order as created (pure): createOrder writes it, and the demo seed builds its
 * history with it, so a seeded order has a channel, fees, total and the instrument paid like a
 * live one. What happened afterwards (status, payment, completion) the caller sets on top.
 */

import { type Environment, wibDate } from '@gerbang/shared';
import type { TransferChannelDef } from '@gerbang/shared/contract/transfer';
import type { Insertable } from 'kysely';
import type { TransferOrdersTable } from './tables';

export interface OrderRowInput {
  id: string;
  agentId: number;
  environment: Environment;
  userId: number | null;
  username: string;
  clientKey: string | null;
  description: string;
  now: Date;
  expiresAt: Date;
  /** The destinations; the row shows the first (and "+n" for the others). */
  first: { accountName: string; accountNumber: string; bankCode: string; bankName: string };
  lineCount: number;
  channel: { def: TransferChannelDef; adminFee: number; serviceFee: number };
  instrument: {
    payNumber: string;
    payAccountName: string;
    qrisPayload: string | null;
    uniqueAmount: number;
  };
  money: { nominal: number; voucherCode: string; voucherAmount: number; total: number };
}

export function transferOrderRow(input: OrderRowInput): Insertable<TransferOrdersTable> {
  const { channel, instrument, money, first, now } = input;
  return {
    id: input.id,
    agent_id: input.agentId,
    environment: input.environment,
    user_id: input.userId,
    time_created: now,
    created_date: wibDate(now),
    account_name:
      input.lineCount > 1 ? `${first.accountName} +${input.lineCount - 1}` : first.accountName,
    account_number: first.accountNumber,
    kodebank: first.bankCode,
    namabank: first.bankName,
    amount: money.nominal,
    fee_admin: channel.adminFee,
    time_expired: input.expiresAt,
    status: 'NEW',
    client_key: input.clientKey,
    username: input.username,
    description: input.description,
    channel_id: channel.def.id,
    channel_kind: channel.def.kind,
    channel_name: channel.def.name,
    channel_code: channel.def.code,
    service_fee: channel.serviceFee,
    kode_voucher: money.voucherCode,
    voucher_amount: money.voucherAmount,
    unique_amount: instrument.uniqueAmount,
    total_amount: money.total,
    pay_number: instrument.payNumber,
    pay_account_name: instrument.payAccountName,
    qris_payload: instrument.qrisPayload,
    line_count: input.lineCount,
  };
}
