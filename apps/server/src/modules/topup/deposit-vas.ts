/**
 * The agent's own deposit virtual accounts (spec 02 §2.5 virtual-account tab, spec 03 §3.2
 * "user VA item"): one open VA per VA-capable bank, issued through the pay-in block on first
 * need, so paying one credits the agent like any other VA payment (held, then settled). A QRIS
 * entry follows, shown by the first word of its name with VA number "-".
 */
import {
  DEPOSIT_QRIS_CODE,
  DEPOSIT_VA_BANK_CODES,
  type UserVaItem,
} from '@gerbang/shared/contract/topup';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import { ApiError } from '../../http/errors';
import type { Services } from '../../http/services';
import { issueVirtualAccount, type PayinOwner } from '../payins/issue';
import { pricePayin } from '../payins/pricing';
import { DEPOSIT_VA_REFF } from '../payins/targets';

type DepositServices = Pick<Services, 'db' | 'now'>;

/** `partner_reff_id` that marks a VA as the agent's own deposit VA (payins credits it at once). */
export { DEPOSIT_VA_REFF };

/** Deposit VAs end in zeros after the agent part; a taken number falls back to a random one. */
const DEPOSIT_CUSTOMER_ID = '0';

async function depositVas(services: DepositServices, owner: PayinOwner) {
  return services.db
    .selectFrom('virtual_accounts')
    .select(['kodebank', 'namabank', 'va_number', 'nama_pemilik_va'])
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('partner_reff_id', '=', DEPOSIT_VA_REFF)
    .where('bill_type', '=', 'open')
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}

const isTaken = (error: unknown) =>
  error instanceof ApiError && error.messageKey === 'payins.vaNumberTaken';

/**
 * Issues the deposit VAs the agent does not have yet; idempotent (a second call, or a concurrent
 * one, issues nothing more) and answers the agent's deposit VAs in issue order.
 */
export async function ensureDepositVas(services: DepositServices, owner: PayinOwner) {
  const existing = await depositVas(services, owner);
  const missing = DEPOSIT_VA_BANK_CODES.filter(
    (code) => !existing.some((v) => v.kodebank === code),
  );
  if (missing.length === 0) return existing;
  const agent = await services.db
    .selectFrom('agents')
    .select('nama_agen')
    .where('id', '=', owner.agentId)
    .executeTakeFirstOrThrow();
  const input = (bankCode: string, customerId?: string) => ({
    bankCode,
    kind: 'open' as const,
    customerName: agent.nama_agen,
    customerId,
    partnerReff: DEPOSIT_VA_REFF,
  });
  for (const bankCode of missing) {
    try {
      await issueVirtualAccount(services, owner, input(bankCode, DEPOSIT_CUSTOMER_ID));
    } catch (error) {
      if (!isTaken(error)) throw error;
      // A concurrent first call issued it, or a customer VA holds that number: look again.
      const now = await depositVas(services, owner);
      if (!now.some((v) => v.kodebank === bankCode)) {
        await issueVirtualAccount(services, owner, input(bankCode));
      }
    }
  }
  return depositVas(services, owner);
}

const logoUrl = (code: string) => `/api/transaction/bank_logo/${encodeURIComponent(code)}`;

/** GET data/user_list_va: the deposit VAs with their disruption status, then QRIS. */
export async function listUserVa(
  services: DepositServices,
  owner: PayinOwner,
): Promise<UserVaItem[]> {
  const vas = await ensureDepositVas(services, owner);
  const byBank = new Map(vas.map((v) => [v.kodebank, v]));
  const items: UserVaItem[] = [];
  for (const code of DEPOSIT_VA_BANK_CODES) {
    const va = byBank.get(code);
    if (!va) continue;
    const price = await pricePayin(services.db, owner.agentId, code, 0);
    items.push({
      url_image: logoUrl(code),
      bank: va.namabank,
      kodeBank: code,
      status_gangguan_va: !price.disrupted,
      va_number: va.va_number,
      nama_pemilik: va.nama_pemilik_va,
      channel: 'VA',
    });
  }
  const qris = findPayinChannel(DEPOSIT_QRIS_CODE);
  if (qris) {
    const price = await pricePayin(services.db, owner.agentId, qris.code, 0);
    items.push({
      url_image: '',
      bank: qris.name,
      kodeBank: qris.code,
      status_gangguan_va: !price.disrupted,
      va_number: '-',
      nama_pemilik: vas[0]?.nama_pemilik_va ?? '',
      channel: 'QRIS',
    });
  }
  return items;
}
