import { vaPrefix } from '@gerbang/shared/domain/payin-channels';
import type { z } from 'zod';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { issueVirtualAccount } from '../payins/issue';
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
 * `SNAPVA…` so the paid hook (notify.ts) knows to send the SNAP notification. Gerbang draws the
 * number (bank prefix + agent + customerNo): partnerServiceId is the bank prefix left-padded to 8.
 */

export const SNAP_VA_REFF_PREFIX = 'SNAPVA';

const owner = (p: SnapPartner) => ({ agentId: p.agentId, environment: p.environment });

/** partnerServiceId (8, space-padded prefix), customerNo (the rest), virtualAccountNo. */
export function vaParts(vaNumber: string, bankCode: string) {
  const prefix = vaPrefix(bankCode);
  return {
    partnerServiceId: prefix.padStart(8, ' '),
    customerNo: vaNumber.slice(prefix.length),
    virtualAccountNo: vaNumber,
  };
}

function parseExpiry(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new SnapError('invalidFieldFormat', field);
  }
  return new Date(value);
}

const digits = (value: string) => value.replace(/\s/g, '');

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

/** The partner's VA by trxId whose number matches the request's; else 404xx12. */
async function ownVa(
  services: Services,
  partner: SnapPartner,
  trxId: string | undefined,
  virtualAccountNo: string,
): Promise<SnapVaRow> {
  const number = digits(virtualAccountNo);
  const row = trxId
    ? await snapVa(services, partner, trxId)
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

export async function createVa(
  ctx: ServiceContext<z.infer<typeof createVaRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const closed = body.virtualAccountTrxType === 'C';
  if (closed && !body.totalAmount) throw new SnapError('invalidMandatoryField', 'totalAmount');
  const amount = closed && body.totalAmount ? amountOf(body.totalAmount.value) : undefined;
  const expiresAt = parseExpiry(body.expiredDate, 'expiredDate');
  if (closed && !expiresAt) throw new SnapError('invalidMandatoryField', 'expiredDate');
  if (await snapVa(services, partner, body.trxId)) {
    throw new SnapError('duplicatePartnerReference', '[trxId]');
  }
  const partnerReff = `${SNAP_VA_REFF_PREFIX}${partner.agentId}-${body.trxId}`.slice(0, 100);
  const issued = await issueVirtualAccount(services, owner(partner), {
    bankCode: body.additionalInfo.bankCode,
    kind: closed ? 'close' : 'open',
    customerName: body.virtualAccountName,
    customerId: body.customerNo,
    amount,
    expiresAt,
    partnerReff,
  });
  const now = services.now();
  const row = await services.db
    .insertInto('snap_virtual_accounts')
    .values({
      agent_id: partner.agentId,
      environment: partner.environment,
      trx_id: body.trxId,
      partner_reff: partnerReff,
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
  const row = await ownVa(services, partner, body.trxId, body.virtualAccountNo);
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
  const row = await ownVa(services, partner, body.trxId, body.virtualAccountNo);
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
  const row = await ownVa(ctx.services, ctx.partner, ctx.body.trxId, ctx.body.virtualAccountNo);
  return { body: { virtualAccountData: vaData(row) } };
}

export async function vaStatus(
  ctx: ServiceContext<z.infer<typeof vaStatusRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const row = await ownVa(services, partner, body.trxId, body.virtualAccountNo);
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
