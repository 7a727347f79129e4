/**
 * A payment of an instrument a link issued (partner reference `RP:<customerReff>`), inside the
 * pay-in block's receiving transaction, after the block booked it (held, then settled as any
 * pay-in). Order of locks: the link row first (a conditional UPDATE), then the customer rows, so
 * two payments of one link queue on the link and never deadlock.
 *
 * The race for the last use: the use count rises only here, by `use_count < max_uses`. The payment
 * that takes the last use wins; its transaction cancels every other open instrument of the link
 * (is_paid 2). A payment of a cancelled instrument, or one that arrives once the count is full, is
 * REFUSED (PayinRefused): the whole receiving transaction rolls back, so no money is booked and
 * the rail answers the payer's bank that the bill is not payable. Cancel, never refund.
 */
import { REQUEST_PAYMENT_REFF_PREFIX } from '@gerbang/shared/contract/request-payment';
import { queueCallback } from '../callbacks/queue';
import type { PaidHook } from '../payins/paid-hooks';
import { PayinRefused } from '../payins/targets';

export const REQUEST_PAYMENT_CALLBACK_TYPE = 'request_payment';

/** Registered for `RP:` references by modules/paid-hooks.ts (called from bootstrap). */
export const markRequestPaymentPaid: PaidHook = async (services, trx, event) => {
  const reff = (event.target.partnerReff ?? '').slice(REQUEST_PAYMENT_REFF_PREFIX.length);
  const customer = await trx
    .selectFrom('request_payment_customers')
    .select(['id', 'request_payment_id', 'is_paid', 'amount'])
    .where('customer_reff', '=', reff)
    .where('agent_id', '=', event.target.agentId)
    .executeTakeFirst();
  if (!customer) return;
  const link = await trx
    .updateTable('request_payments')
    .set((eb) => ({
      use_count: eb('use_count', '+', 1),
      total_paid: eb('total_paid', '+', event.amount),
    }))
    .where('id', '=', customer.request_payment_id)
    .where((eb) => eb('use_count', '<', eb.ref('max_uses')))
    .where('time_expired', '>', event.paidAt)
    .returning(['id', 'use_count', 'max_uses', 'name_payment', 'payment_secret'])
    .executeTakeFirst();
  if (!link) throw new PayinRefused('INACTIVE');
  const marked = await trx
    .updateTable('request_payment_customers')
    .set({ is_paid: 1, id_transaksi: event.idTransaksi, paid_at: event.paidAt })
    .where('id', '=', customer.id)
    .where('is_paid', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!marked) throw new PayinRefused('INACTIVE');
  if (link.use_count >= link.max_uses) {
    // The last use is taken: every other open instrument of the link is cancelled.
    await trx
      .updateTable('request_payment_customers')
      .set({ is_paid: 2 })
      .where('request_payment_id', '=', link.id)
      .where('is_paid', '=', 0)
      .execute();
  }
  await queueCallback(trx, services.now(), {
    agentId: event.target.agentId,
    environment: event.target.environment,
    idTransaksi: event.idTransaksi,
    type: REQUEST_PAYMENT_CALLBACK_TYPE,
    timeRequest: event.paidAt,
    body: {
      id_transaksi: event.idTransaksi,
      status: 'PAID',
      id_payment: link.id,
      name_payment: link.name_payment,
      customer_reff: marked.customer_reff,
      customer_name: marked.customer_name,
      customer_email: marked.customer_email,
      kode_bank: marked.kode_bank,
      paid_to: marked.va_number,
      amount: event.amount,
      fee: event.fee,
      use_count: link.use_count,
      max_uses: link.max_uses,
      paid_at: event.paidAt.toISOString(),
    },
  });
};
