/**
 * Issuing what a payer pays: a virtual-account number (open: any amount, many times; close: one
 * bill of a fixed amount until its expiry; close_recurring: the fixed bill many times), a dynamic
 * QRIS payload, a retail pay code, an e-wallet or card checkout reference. Service functions with
 * plain inputs: routes, the partner API, bulk VA and the seed call the same ones.
 */

import { type Environment, wibDate } from '@gerbang/shared';
import { findBank } from '@gerbang/shared/domain/banks';
import {
  findPayinChannel,
  PAYIN_VA_BANK_CODES,
  VA_NUMBER_LENGTH,
  vaPrefix,
} from '@gerbang/shared/domain/payin-channels';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { VaBillsTable, VirtualAccountsTable } from '../virtual-account/tables';
import { randomDigits } from './ids';
import { loadQrisMerchant, qrisPayloadFor } from './qris-merchant';
import type { PayinCodeKind, PayinCodesTable } from './tables';

export interface PayinOwner {
  agentId: number;
  environment: Environment;
}

type IssueServices = Pick<Services, 'db' | 'now'>;

const MINUTE_MS = 60_000;
const ISSUE_ATTEMPTS = 5;
/** Default lifetimes of what is issued without an explicit expiry. */
export const DEFAULT_EXPIRY_MS = {
  QRIS: 30 * MINUTE_MS,
  RETAIL: 24 * 60 * MINUTE_MS,
  EWALLET: 30 * MINUTE_MS,
  CREDIT_CARD: 30 * MINUTE_MS,
} as const;

export type VaBillKind = 'open' | 'close' | 'close_recurring';

export interface IssueVaInput {
  bankCode: string;
  kind: VaBillKind;
  customerName: string;
  /** Digits that end the VA number; random when absent. */
  customerId?: string;
  /**
   * The whole number, when the caller chooses it (the SNAP API: its partnerServiceId + customerNo):
   * the bank's prefix, then 1–20 digits, issued exactly or refused as taken. Not with customerId.
   */
  exactNumber?: string;
  /** Required for close kinds, absent for open. */
  amount?: number;
  /** Required for close kinds. */
  expiresAt?: Date;
  partnerReff?: string;
}

export interface IssuedVa {
  vaNumber: string;
  bankCode: string;
  kind: VaBillKind;
  amount: number | null;
  expiresAt: Date | null;
}

/** The digits a chosen VA number has after the bank's prefix (SNAP's customerNo: up to 20). */
const EXACT_CUSTOMER_PART = /^\d{1,20}$/;

function checkVaInput(now: Date, input: IssueVaInput): void {
  if (!PAYIN_VA_BANK_CODES.includes(input.bankCode)) throw validationError('payins.unknownBank');
  if (input.customerId !== undefined && !/^\d{1,10}$/.test(input.customerId)) {
    throw validationError('payins.badCustomerId');
  }
  if (input.exactNumber !== undefined) {
    const prefix = vaPrefix(input.bankCode);
    const rest = input.exactNumber.slice(prefix.length);
    if (
      input.customerId !== undefined ||
      !input.exactNumber.startsWith(prefix) ||
      !EXACT_CUSTOMER_PART.test(rest)
    ) {
      throw validationError('payins.badCustomerId');
    }
  }
  if (input.kind === 'open') {
    if (input.amount !== undefined) throw validationError('payins.openVaHasNoAmount');
    return;
  }
  if (!Number.isSafeInteger(input.amount) || (input.amount ?? 0) <= 0) {
    throw validationError('payins.amountRequired');
  }
  if (!input.expiresAt || input.expiresAt.getTime() <= now.getTime()) {
    throw validationError('payins.expiryRequired');
  }
}

/** The VA number: bank prefix, the agent's last four digits, then the customer part. */
export function vaNumberFor(
  owner: PayinOwner,
  bankCode: string,
  customerId: string | undefined,
): string {
  const prefix = vaPrefix(bankCode);
  const rest = VA_NUMBER_LENGTH - prefix.length;
  const agentPart = String(owner.agentId).padStart(4, '0').slice(-4);
  const customer = customerId ?? randomDigits(rest - agentPart.length);
  return `${prefix}${agentPart}${customer.padStart(rest - agentPart.length, '0')}`;
}

async function agentName(services: IssueServices, agentId: number): Promise<string> {
  const agent = await services.db
    .selectFrom('agents')
    .select('nama_agen')
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  return agent.nama_agen;
}

/** One issued VA of `vaNumber` (pure: single, batch and the demo seed write the same row). */
export function virtualAccountRow(input: {
  owner: PayinOwner;
  ownerName: string;
  item: Omit<IssueVaInput, 'customerId'>;
  /** `customer_id`: the merchant's reference, else the number's last 8 digits. */
  customerRef: string | undefined;
  vaNumber: string;
  now: Date;
}): Insertable<VirtualAccountsTable> {
  const { owner, item, vaNumber, now } = input;
  return {
    agent_id: owner.agentId,
    environment: owner.environment,
    kodebank: item.bankCode,
    namabank: findBank(item.bankCode)?.namabank ?? item.bankCode,
    customer_id: input.customerRef ?? vaNumber.slice(-8),
    nama_pemilik: input.ownerName,
    va_number: vaNumber,
    nama_pemilik_va: item.customerName.toUpperCase(),
    partner_reff_id: item.partnerReff ?? null,
    bill_type: item.kind,
    amount: item.kind === 'open' ? null : (item.amount as number),
    status: 1,
    expired_at: item.kind === 'open' ? null : (item.expiresAt as Date),
    created_at: now,
    created_date: wibDate(now),
  };
}

/** The unpaid bill of a close VA (va_bills, transaction_type 0); null for an open VA. */
export function unpaidBillRow(input: {
  owner: PayinOwner;
  item: Omit<IssueVaInput, 'customerId'>;
  vaNumber: string;
  now: Date;
}): Insertable<VaBillsTable> | null {
  const { owner, item, vaNumber, now } = input;
  if (item.kind === 'open') return null;
  return {
    agent_id: owner.agentId,
    environment: owner.environment,
    kodebank: item.bankCode,
    namabank: findBank(item.bankCode)?.namabank ?? item.bankCode,
    virtual_account_no: vaNumber,
    bill_type: 'c',
    transaction_type: 0,
    created_time: now,
    created_date: wibDate(now),
    expired_time: item.expiresAt as Date,
    customer_name: item.customerName,
    amount: 0,
    amount_origin: item.amount as number,
    admin: 0,
    partner_reff: item.partnerReff ?? null,
  };
}

/** Issues a VA; a close VA also gets its unpaid bill row (va_bills, transaction_type 0). */
export async function issueVirtualAccount(
  services: IssueServices,
  owner: PayinOwner,
  input: IssueVaInput,
): Promise<IssuedVa> {
  const now = services.now();
  checkVaInput(now, input);
  const owned = await agentName(services, owner.agentId);
  const amount = input.kind === 'open' ? null : (input.amount as number);
  const expiresAt = input.kind === 'open' ? null : (input.expiresAt as Date);
  const prefix = vaPrefix(input.bankCode);
  const customerRef = input.customerId ?? input.exactNumber?.slice(prefix.length);
  for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt++) {
    const vaNumber = input.exactNumber ?? vaNumberFor(owner, input.bankCode, input.customerId);
    const issued = await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('virtual_accounts')
        .values(
          virtualAccountRow({
            owner,
            ownerName: owned,
            item: input,
            customerRef,
            vaNumber,
            now,
          }),
        )
        .onConflict((oc) => oc.columns(['environment', 'kodebank', 'va_number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      const bill = unpaidBillRow({ owner, item: input, vaNumber, now });
      if (bill) await trx.insertInto('va_bills').values(bill).execute();
      return true;
    });
    if (issued) return { vaNumber, bankCode: input.bankCode, kind: input.kind, amount, expiresAt };
    // A fixed customer id (or number) that is taken stays taken: trying again cannot help.
    if (customerRef !== undefined) throw validationError('payins.vaNumberTaken');
  }
  throw new Error('could not find a free VA number');
}

/** The refusal issueVirtualAccount throws for a chosen number that is already issued. */
export const isVaNumberTaken = (error: unknown): boolean =>
  error instanceof ApiError && error.messageKey === 'payins.vaNumberTaken';

/** One VA of a batch: its number is always drawn (the customer reference is only recorded). */
export interface IssueVaBatchItem extends Omit<IssueVaInput, 'customerId'> {
  /** Stored as the VA's `customer_id` (the merchant's own customer reference). */
  customerRef: string;
}

/** Rows per INSERT statement: far below PostgreSQL's 65,535 bind parameters at 16 columns. */
const BATCH_CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = BATCH_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Issues many VAs inside the caller's database transaction (bulk VA: 10,000 rows in one request):
 * numbers are drawn distinct within the batch, inserted a thousand rows per statement, and any
 * number already taken in the database is drawn again (at most ISSUE_ATTEMPTS rounds). Close VAs
 * also get their unpaid bill rows, in batches. Answers the issued VAs in the items' order.
 */
export async function issueVirtualAccountsBatch(
  services: Pick<Services, 'now'>,
  trx: Kysely<Database>,
  owner: PayinOwner,
  items: readonly IssueVaBatchItem[],
): Promise<IssuedVa[]> {
  const now = services.now();
  for (const item of items) checkVaInput(now, { ...item, customerId: undefined });
  const agent = await trx
    .selectFrom('agents')
    .select('nama_agen')
    .where('id', '=', owner.agentId)
    .executeTakeFirstOrThrow();
  const numbers: (string | null)[] = items.map(() => null);
  const used = new Set<string>();
  let pending = items.map((_, i) => i);
  for (let round = 0; round < ISSUE_ATTEMPTS && pending.length > 0; round++) {
    const drawn = pending.map((i) => {
      let number = vaNumberFor(owner, items[i].bankCode, undefined);
      while (used.has(`${items[i].bankCode}:${number}`)) {
        number = vaNumberFor(owner, items[i].bankCode, undefined);
      }
      used.add(`${items[i].bankCode}:${number}`);
      return { i, number };
    });
    const inserted = new Set<string>();
    for (const part of chunks(drawn)) {
      const rows = await trx
        .insertInto('virtual_accounts')
        .values(
          part.map(({ i, number }) =>
            virtualAccountRow({
              owner,
              ownerName: agent.nama_agen,
              item: items[i],
              customerRef: items[i].customerRef,
              vaNumber: number,
              now,
            }),
          ),
        )
        .onConflict((oc) => oc.columns(['environment', 'kodebank', 'va_number']).doNothing())
        .returning(['kodebank', 'va_number'])
        .execute();
      for (const row of rows) inserted.add(`${row.kodebank}:${row.va_number}`);
    }
    for (const { i, number } of drawn) {
      if (inserted.has(`${items[i].bankCode}:${number}`)) numbers[i] = number;
    }
    pending = pending.filter((i) => numbers[i] === null);
  }
  if (pending.length > 0) throw new Error('could not find free VA numbers');
  const bills = items.flatMap((item, i) => {
    const bill = unpaidBillRow({ owner, item, vaNumber: numbers[i] as string, now });
    return bill ? [bill] : [];
  });
  for (const part of chunks(bills)) await trx.insertInto('va_bills').values(part).execute();
  return items.map((item, i) => ({
    vaNumber: numbers[i] as string,
    bankCode: item.bankCode,
    kind: item.kind,
    amount: item.kind === 'open' ? null : (item.amount as number),
    expiresAt: item.kind === 'open' ? null : (item.expiresAt as Date),
  }));
}

export interface IssueCodeInput {
  /** QRIS, QRISB, 523, ALFAMART, INDOMARET, PAYDANA, …, CREDITCARD. */
  channelCode: string;
  amount: number;
  customerName?: string;
  partnerReff?: string;
  expiresAt?: Date;
}

export interface IssuedCode {
  kind: PayinCodeKind;
  channelCode: string;
  /** The retail pay code, the QRIS bill number or the checkout reference. */
  code: string;
  /** The QRIS text the payer scans; null for other kinds. */
  payload: string | null;
  amount: number;
  expiresAt: Date;
}

/** Retail pay codes start with the retailer's company prefix (demo values). */
const RETAIL_PREFIX: Record<string, string> = { ALFAMART: '7001', INDOMARET: '7002' };
const CODE_LENGTH = 16;

function newCode(kind: PayinCodeKind, channelCode: string): string {
  switch (kind) {
    case 'RETAIL': {
      const prefix = RETAIL_PREFIX[channelCode] ?? '7000';
      return `${prefix}${randomDigits(CODE_LENGTH - prefix.length)}`;
    }
    case 'QRIS':
      return `QR${randomDigits(14)}`;
    case 'EWALLET':
      return `EW${randomDigits(14)}`;
    default:
      return `CC${randomDigits(14)}`;
  }
}

/** One issued QRIS bill, retail code or checkout reference (pure; the seed issues in bulk). */
export function payinCodeRow(input: {
  owner: PayinOwner;
  kind: PayinCodeKind;
  channelCode: string;
  code: string;
  payload: string | null;
  item: IssueCodeInput;
  expiresAt: Date;
  now: Date;
}): Insertable<PayinCodesTable> {
  return {
    agent_id: input.owner.agentId,
    environment: input.owner.environment,
    kind: input.kind,
    channel_code: input.channelCode,
    code: input.code,
    payload: input.payload,
    amount: input.item.amount,
    customer_name: input.item.customerName ?? '',
    partner_reff: input.item.partnerReff ?? null,
    expires_at: input.expiresAt,
    created_at: input.now,
  };
}

/** Issues a dynamic QRIS, a retail code or a checkout reference for one payment of `amount`. */
export async function issuePayinCode(
  services: IssueServices,
  owner: PayinOwner,
  input: IssueCodeInput,
): Promise<IssuedCode> {
  const now = services.now();
  const channel = findPayinChannel(input.channelCode);
  if (!channel || channel.kind === 'VA') throw validationError('payins.unknownChannel');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw validationError('payins.amountRequired');
  }
  const kind = channel.kind;
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + DEFAULT_EXPIRY_MS[kind]);
  if (expiresAt.getTime() <= now.getTime()) throw validationError('payins.expiryRequired');
  const merchant = kind === 'QRIS' ? await loadQrisMerchant(services.db, owner.agentId) : null;
  for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt++) {
    const code = newCode(kind, channel.code);
    const payload = merchant ? qrisPayloadFor(merchant, input.amount, code) : null;
    const row = await services.db
      .insertInto('payin_codes')
      .values(
        payinCodeRow({
          owner,
          kind,
          channelCode: channel.code,
          code,
          payload,
          item: input,
          expiresAt,
          now,
        }),
      )
      .onConflict((oc) => oc.columns(['environment', 'kind', 'code']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row)
      return { kind, channelCode: channel.code, code, payload, amount: input.amount, expiresAt };
  }
  throw new Error('could not find a free pay-in code');
}
