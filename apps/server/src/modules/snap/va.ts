import { PAYIN_VA_BANK_CODES, vaPrefix } from '@gerbang/shared/domain/payin-channels';
import type { z } from 'zod';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { issueVirtualAccount, isVaNumberTaken } from '../payins/issue';
import {
  closeVirtualAccount,
  updateVirtualAccount,
  virtualAccountPayment,
} from '../payins/manage-va';
import { SnapError } from './codes';
import type { SnapPartner } from './guard';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { createVaRequest, updateVaRequest, vaKeyRequest, vaStatusRequest } from './schemas';
import { amountOf, formatIso, rupiah } from './transfer';

/**
 * SNAP virtual accounts through the pay-in block (`payins/issue.ts` issues, `payins/manage-va.ts`
 * changes and closes). The partner's trxId is unique per partner; the VA's partner reference is
 * `SNAPVA…` so the paid hook (notify.ts) knows to send the SNAP notification.
 *
 * Numbers, as the standard's VA field rules have them: partnerServiceId (8 characters, left-padded
 * with spaces) is the issuing bank's prefix Gerbang gives partners (`vaPrefix`: 8 + bank code,
 * Mandiri 87827, BSI 9001062), customerNo up to 20 digits, virtualAccountNo = partnerServiceId +
 * customerNo exactly (up to 28). create-va issues exactly the number asked for — the bank read from
 * partnerServiceId, or from additionalInfo.bankCode when it is absent — or refuses with the field;
 * without customerNo Gerbang draws one. Numbers are unique per bank across Gerbang: one in use
 * (by any merchant) answers 409xx01.
 */

export const SNAP_VA_REFF_PREFIX = 'SNAPVA';

const owner = (p: SnapPartner) => ({ agentId: p.agentId, environment: p.environment });

const SERVICE_ID_LENGTH = 8;
const CUSTOMER_NO = /^\d{1,20}$/;

type VaKey = { partnerServiceId: string; customerNo: string; virtualAccountNo: string };

/** A VA number as written in a request: the digits, its padding dropped. */
const digits = (value: string) => value.replace(/\s/g, '');

/**
 * The standard's three names of a VA: partnerServiceId (the prefix padded to 8), customerNo, and
 * virtualAccountNo (the two joined, padding kept).
 */
export function vaParts(vaNumber: string, bankCode: string) {
  const prefix = vaPrefix(bankCode);
  const partnerServiceId = prefix.padStart(SERVICE_ID_LENGTH, ' ');
  const customerNo = vaNumber.slice(prefix.length);
  return { partnerServiceId, customerNo, virtualAccountNo: partnerServiceId + customerNo };
}

/** The VA bank whose prefix a partnerServiceId names (its padding removed). */
function bankOfServiceId(partnerServiceId: string): string {
  const prefix = partnerServiceId.trimStart();
  const bank = PAYIN_VA_BANK_CODES.find((code) => vaPrefix(code) === prefix);
  if (!bank) throw new SnapError('invalidFieldFormat', 'partnerServiceId');
  return bank;
}

type CreateVaBody = z.infer<typeof createVaRequest>;

/**
 * The bank and the exact number create-va asks for (undefined: Gerbang draws it); refuses a
 * request whose parts disagree or name no bank, with the field.
 */
function askedNumber(body: CreateVaBody): { bankCode: string; exactNumber?: string } {
  const bankCode = body.additionalInfo?.bankCode;
  if (bankCode !== undefined && !PAYIN_VA_BANK_CODES.includes(bankCode)) {
    throw new SnapError('invalidFieldFormat', 'additionalInfo.bankCode');
  }
  const bank =
    body.partnerServiceId === undefined ? bankCode : bankOfServiceId(body.partnerServiceId);
  if (bank === undefined) throw new SnapError('invalidMandatoryField', 'partnerServiceId');
  if (bankCode !== undefined && bankCode !== bank) {
    throw new SnapError('invalidFieldFormat', 'additionalInfo.bankCode');
  }
  const prefix = vaPrefix(bank);
  const asked = body.virtualAccountNo === undefined ? undefined : digits(body.virtualAccountNo);
  let customerNo = body.customerNo;
  if (customerNo === undefined && asked !== undefined) {
    // Only virtualAccountNo: the customer part is what follows the prefix.
    customerNo = asked.slice(prefix.length);
    if (!asked.startsWith(prefix) || !CUSTOMER_NO.test(customerNo)) {
      throw new SnapError('invalidFieldFormat', 'virtualAccountNo');
    }
  }
  if (customerNo === undefined) return { bankCode: bank };
  if (asked !== undefined && asked !== prefix + customerNo) {
    throw new SnapError('invalidFieldFormat', 'virtualAccountNo');
  }
  return { bankCode: bank, exactNumber: prefix + customerNo };
}

function parseExpiry(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new SnapError('invalidFieldFormat', field);
  }
  return new Date(value);
}

/** The request's partnerServiceId + customerNo is its virtualAccountNo (padding aside). */
function assertKeyAgrees(key: VaKey) {
  if (digits(key.partnerServiceId) + key.customerNo !== digits(key.virtualAccountNo)) {
    throw new SnapError('invalidFieldFormat', 'virtualAccountNo');
  }
}

async function snapVa(services: Services, partner: SnapPartner, trxId: string) {
  return services.db
    .selectFrom('snap_virtual_accounts')
    .selectAll()
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment)
    .where('trx_id', '=', trxId)
    .executeTakeFirst();
}

type SnapVaRow = NonNullable<Awaited<ReturnType<typeof snapVa>>>;

/**
 * The partner's VA by trxId (else by number) whose number is the request's; 400xx01 when the
 * request's partnerServiceId + customerNo is not its virtualAccountNo, else 404xx12.
 */
async function ownVa(
  services: Services,
  partner: SnapPartner,
  key: VaKey & { trxId?: string },
): Promise<SnapVaRow> {
  assertKeyAgrees(key);
  const number = digits(key.virtualAccountNo);
  const row = key.trxId
    ? await snapVa(services, partner, key.trxId)
    : await services.db
        .selectFrom('snap_virtual_accounts')
        .selectAll()
        .where('agent_id', '=', partner.agentId)
        .where('environment', '=', partner.environment)
        .where('va_number', '=', number)
        .orderBy('id', 'desc')
        .executeTakeFirst();
  if (!row || row.va_number !== number) throw new SnapError('invalidBill');
  return row;
}

function vaData(row: SnapVaRow) {
  return {
    ...vaParts(row.va_number, row.bank_code),
    virtualAccountName: row.va_name,
    trxId: row.trx_id,
    totalAmount: row.amount === null ? rupiah(0) : rupiah(Number(row.amount)),
    virtualAccountTrxType: row.bill_kind === 'open' ? 'O' : 'C',
    expiredDate: row.expires_at ? formatIso(new Date(row.expires_at)) : null,
    additionalInfo: { bankCode: row.bank_code, active: row.active },
  };
}

/** The checks of create-va that need no database: amounts, expiry, the number asked for. */
function plannedVa(partner: SnapPartner, body: CreateVaBody, now: Date) {
  const closed = body.virtualAccountTrxType === 'C';
  if (closed && !body.totalAmount) throw new SnapError('invalidMandatoryField', 'totalAmount');
  const expiresAt = parseExpiry(body.expiredDate, 'expiredDate');
  if (closed && !expiresAt) throw new SnapError('invalidMandatoryField', 'expiredDate');
  if (closed && expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new SnapError('invalidFieldFormat', 'expiredDate');
  }
  const amount = closed && body.totalAmount ? amountOf(body.totalAmount.value) : undefined;
  if (amount !== undefined && amount <= 0) {
    throw new SnapError('invalidFieldFormat', 'totalAmount.value');
  }
  return {
    ...askedNumber(body),
    kind: closed ? ('close' as const) : ('open' as const),
    customerName: body.virtualAccountName,
    amount,
    expiresAt,
    partnerReff: `${SNAP_VA_REFF_PREFIX}${partner.agentId}-${body.trxId}`.slice(0, 100),
  };
}

/** Issues the planned VA; a chosen number already issued (to anyone) is 409xx01. */
async function issueSnapVa(
  services: Services,
  partner: SnapPartner,
  plan: ReturnType<typeof plannedVa>,
) {
  try {
    return await issueVirtualAccount(services, owner(partner), plan);
  } catch (error) {
    if (isVaNumberTaken(error)) {
      throw new SnapError('duplicatePartnerReference', '[virtualAccountNo]');
    }
    throw error;
  }
}

export async function createVa(ctx: ServiceContext<CreateVaBody>): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const plan = plannedVa(partner, body, services.now());
  if (await snapVa(services, partner, body.trxId)) {
    throw new SnapError('duplicatePartnerReference', '[trxId]');
  }
  const issued = await issueSnapVa(services, partner, plan);
  const now = services.now();
  const row = await services.db
    .insertInto('snap_virtual_accounts')
    .values({
      agent_id: partner.agentId,
      environment: partner.environment,
      trx_id: body.trxId,
      partner_reff: plan.partnerReff,
      va_number: issued.vaNumber,
      bank_code: issued.bankCode,
      va_name: body.virtualAccountName,
      amount: issued.amount,
      bill_kind: issued.kind,
      expires_at: issued.expiresAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['agent_id', 'environment', 'trx_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    // A concurrent create with the same trxId won: this VA takes no payments.
    await closeVirtualAccount(services, owner(partner), issued.vaNumber);
    throw new SnapError('duplicatePartnerReference', '[trxId]');
  }
  await writeAudit(services.db, {
    at: now,
    agentId: partner.agentId,
    userId: null,
    username: null,
    action: 'snap_va_create',
    target: issued.vaNumber,
    detail: { client_id: partner.clientId, trx_id: body.trxId, external_id: ctx.externalId },
    ip: ctx.ip,
    environment: partner.environment,
  });
  return { body: { virtualAccountData: vaData(row) } };
}

export async function updateVa(
  ctx: ServiceContext<z.infer<typeof updateVaRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const row = await ownVa(services, partner, body);
  const result = await updateVirtualAccount(services, owner(partner), row.va_number, {
    customerName: body.virtualAccountName,
    amount: body.totalAmount ? amountOf(body.totalAmount.value) : undefined,
    expiresAt: parseExpiry(body.expiredDate, 'expiredDate'),
  });
  if (result !== 'changed') throw new SnapError('invalidBill', '[inactive or paid]');
  const updated = await services.db
    .updateTable('snap_virtual_accounts')
    .set({
      ...(body.virtualAccountName ? { va_name: body.virtualAccountName } : {}),
      ...(body.totalAmount ? { amount: amountOf(body.totalAmount.value) } : {}),
      ...(body.expiredDate ? { expires_at: parseExpiry(body.expiredDate, 'expiredDate') } : {}),
      updated_at: services.now(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { body: { virtualAccountData: vaData(updated) } };
}

export async function deleteVa(
  ctx: ServiceContext<z.infer<typeof vaKeyRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const row = await ownVa(services, partner, body);
  const result = await closeVirtualAccount(services, owner(partner), row.va_number);
  if (result === 'not_found') throw new SnapError('invalidBill');
  const updated = await services.db
    .updateTable('snap_virtual_accounts')
    .set({ active: false, updated_at: services.now() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { body: { virtualAccountData: vaData(updated) } };
}

export async function inquiryVa(
  ctx: ServiceContext<z.infer<typeof vaKeyRequest>>,
): Promise<ServiceAnswer> {
  const row = await ownVa(ctx.services, ctx.partner, ctx.body);
  return { body: { virtualAccountData: vaData(row) } };
}

export async function vaStatus(
  ctx: ServiceContext<z.infer<typeof vaStatusRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const row = await ownVa(services, partner, body);
  const paid = await virtualAccountPayment(services, owner(partner), row.va_number);
  return {
    body: {
      virtualAccountData: {
        ...vaParts(row.va_number, row.bank_code),
        trxId: row.trx_id,
        paymentRequestId: paid?.id_transaksi ?? body.paymentRequestId ?? '',
        paidAmount: rupiah(paid ? Number(paid.amount) : 0),
        paymentFlagStatus: paid ? '00' : '01',
        paymentFlagReason: {
          english: paid ? 'Success' : 'Not paid',
          indonesia: paid ? 'Sukses' : 'Belum dibayar',
        },
        trxDateTime: paid?.payment_time ? formatIso(new Date(paid.payment_time)) : null,
      },
    },
  };
}
