import { validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { PayinOwner } from './issue';

/**
 * Changing and closing an issued VA (the pay-in block; used by the SNAP update-va and delete-va).
 * Both lock the VA row as receiving does (targets.ts `lockVirtualAccount`), so a payment and a
 * change never interleave: a payment booked first leaves a closed VA inactive (the change is
 * refused), a change first is what the payment is checked against.
 */

export interface VaChange {
  customerName?: string;
  /** Close VAs only. */
  amount?: number;
  /** Close VAs only; must be in the future. */
  expiresAt?: Date;
}

export type VaChangeResult = 'changed' | 'not_found' | 'inactive';

export async function updateVirtualAccount(
  services: Pick<Services, 'db' | 'now'>,
  owner: PayinOwner,
  vaNumber: string,
  change: VaChange,
): Promise<VaChangeResult> {
  const now = services.now();
  if (change.expiresAt && change.expiresAt.getTime() <= now.getTime()) {
    throw validationError('payins.expiryRequired');
  }
  if (change.amount !== undefined && (!Number.isSafeInteger(change.amount) || change.amount <= 0)) {
    throw validationError('payins.amountRequired');
  }
  return services.db.transaction().execute(async (trx) => {
    const va = await trx
      .selectFrom('virtual_accounts')
      .selectAll()
      .where('agent_id', '=', owner.agentId)
      .where('environment', '=', owner.environment)
      .where('va_number', '=', vaNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!va) return 'not_found';
    if (va.status !== 1) return 'inactive';
    const open = va.bill_type === 'open';
    if (open && (change.amount !== undefined || change.expiresAt)) {
      throw validationError('payins.openVaHasNoAmount');
    }
    await trx
      .updateTable('virtual_accounts')
      .set({
        ...(change.customerName ? { nama_pemilik_va: change.customerName.toUpperCase() } : {}),
        ...(change.amount !== undefined ? { amount: change.amount } : {}),
        ...(change.expiresAt ? { expired_at: change.expiresAt } : {}),
      })
      .where('id', '=', va.id)
      .execute();
    if (!open) {
      await trx
        .updateTable('va_bills')
        .set({
          ...(change.customerName ? { customer_name: change.customerName } : {}),
          ...(change.amount !== undefined ? { amount_origin: change.amount } : {}),
          ...(change.expiresAt ? { expired_time: change.expiresAt } : {}),
        })
        .where('environment', '=', owner.environment)
        .where('virtual_account_no', '=', vaNumber)
        .where('transaction_type', '=', 0)
        .execute();
    }
    return 'changed';
  });
}

/** Closes a VA: it takes no more payments (receiving refuses an inactive VA). */
export async function closeVirtualAccount(
  services: Pick<Services, 'db'>,
  owner: PayinOwner,
  vaNumber: string,
): Promise<VaChangeResult> {
  return services.db.transaction().execute(async (trx) => {
    const va = await trx
      .selectFrom('virtual_accounts')
      .select(['id', 'status'])
      .where('agent_id', '=', owner.agentId)
      .where('environment', '=', owner.environment)
      .where('va_number', '=', vaNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!va) return 'not_found';
    if (va.status !== 1) return 'inactive';
    await trx.updateTable('virtual_accounts').set({ status: 0 }).where('id', '=', va.id).execute();
    return 'changed';
  });
}

/** Whether a VA has been paid, and the latest payment (for a status inquiry). */
export async function virtualAccountPayment(
  services: Pick<Services, 'db'>,
  owner: PayinOwner,
  vaNumber: string,
) {
  return services.db
    .selectFrom('va_bills')
    .select(['id_transaksi', 'amount', 'payment_time', 'transaction_type'])
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('virtual_account_no', '=', vaNumber)
    .where('transaction_type', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
