import type { Environment } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { Actor } from '../../platform/actor';
import { type PayoutAccounts, payoutAccounts } from '../payouts/accounts';
import type { PayoutSource } from '../payouts/kinds';
import { type OpenedPayout, openPayout, type PayoutOpening } from '../payouts/open';
import { postings } from './postings';
import type { WithdrawKind } from './tables';

const TRANSACTION_KIND = { BANK: 'WITHDRAW', EWALLET: 'EWALLET', RETAIL: 'RETAIL' } as const;
const GROUP_OF = { BANK: 'TRANSFER', EWALLET: 'EMONEY', RETAIL: 'TRANSFER' } as const;

/** A priced withdrawal to a destination whose account name is known. */
export interface WithdrawalPlan {
  /** The owner: a withdraw inquiry, or the partner API's transfer row. */
  source: PayoutSource;
  payer: { agentId: number; environment: Environment };
  userId: number | null;
  idTransaksi: string;
  kind: WithdrawKind;
  /** The code the caller chose (kodebank) and the rail's own code. */
  code: string;
  railCode: string;
  productCode: string;
  productName: string;
  accountNumber: string;
  accountType: 'NORMAL' | 'VA';
  accountName: string;
  amount: number;
  fee: number;
  note: string;
  /** The partner API's references (X-EXTERNAL-ID, partnerReferenceNo). */
  partner?: { externalId: string; referenceNo: string };
  audit: { action: string; detail: Record<string, unknown> };
  /** The saved beneficiary it was made for, checked again by the pipeline's name check. */
  beneficiary?: { id: number; savedName: string } | null;
}

/**
 * Places a withdrawal, inside the caller's transaction: the portal's payment (after its OTP and
 * binding checks) and the partner API's interbank transfer (after its signature checks) both
 * call this, so the money path is one. Leased to the caller, which calls the rail after commit.
 */
export async function placeWithdrawal(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  plan: WithdrawalPlan,
): Promise<OpenedPayout> {
  const accounts = await payoutAccounts(services.ledger, plan.payer, plan.railCode, trx);
  return openPayout(services, trx, actor, now, withdrawalOpening(plan, accounts));
}

/**
 * The payout openings of several withdrawals of ONE payer (the partner API's group commit, ADR
 * 009): the accounts are read once per rail, not once per withdrawal. `byRail` may hold the
 * payer's accounts already known (ids never change once an account exists); the ones read here
 * are added to it.
 */
export async function withdrawalOpenings(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  plans: readonly WithdrawalPlan[],
  byRail: Map<string, PayoutAccounts> = new Map(),
): Promise<PayoutOpening[]> {
  for (const plan of plans) {
    if (byRail.has(plan.railCode)) continue;
    byRail.set(
      plan.railCode,
      await payoutAccounts(services.ledger, plan.payer, plan.railCode, trx),
    );
  }
  return plans.map((plan) => withdrawalOpening(plan, byRail.get(plan.railCode) as PayoutAccounts));
}

/** The payout a withdrawal opens: its hold (the pure postings), its record and its audit. */
function withdrawalOpening(plan: WithdrawalPlan, accounts: PayoutAccounts): PayoutOpening {
  const transfers = postings(
    {
      id_transaksi: plan.idTransaksi,
      amount: plan.amount,
      admin_fee: plan.fee,
      product_name: plan.productName,
      account_number: plan.accountNumber,
      account_name: plan.accountName,
    },
    accounts,
    plan.source.kind,
  );
  return {
    source: plan.source,
    payer: plan.payer,
    userId: plan.userId,
    reference: plan.idTransaksi,
    destination: {
      rail: plan.kind,
      railCode: plan.railCode,
      accountType: plan.accountType,
      accountNumber: plan.accountNumber,
      amount: plan.amount,
    },
    transfers,
    record: {
      kind: TRANSACTION_KIND[plan.kind],
      productGroup: GROUP_OF[plan.kind],
      productCode: plan.productCode,
      productName: plan.productName,
      bankCode: plan.code,
      accountDetail: plan.accountType,
      accountName: plan.accountName,
      amount: plan.amount,
      fee: plan.fee,
      note: plan.note,
      description: {
        key: 'descriptions.withdrawTo',
        params: { bank: plan.productName, account: plan.accountNumber },
      },
      partnerReference: plan.partner?.externalId ?? null,
      orderReference: plan.partner?.referenceNo ?? null,
    },
    audit: plan.audit,
    beneficiary: plan.beneficiary ?? null,
    leased: true,
  };
}
