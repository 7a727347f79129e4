/**
 * Gross → net of one payout from its ledger transfers, checked against what the payout's records
 * say happened (pure). A payout takes amount + fee from the balance: a single payout through its
 * own hold's legs, a bulk row as its share of the group's hold. What comes back: a single payout's
 * voided legs, a failed bulk row's refund, a whole group's release. The records' status fixes
 * what must be left: a success or a payout in process keeps amount + fee, a failure nothing (a
 * failed bulk row until its refund is made). Any other figure is refused, never shown.
 */
import type { PayoutBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import type { Sorted } from './payout-ledger';

export interface PayoutFacts {
  /** Names the payout in a refusal. */
  label: string;
  amount: number;
  fee: number;
  /** NEW: a bulk row not sent and not held (nothing may have left). */
  status: 'SUCCESS' | 'FAILED' | 'PROCESS' | 'NEW';
  /** The bulk group's hold the row is a share of, when the group was held. */
  groupHold: { id: string; at: Date; released: boolean } | null;
}

export interface PayoutFigures {
  lines: PayoutBreakdown['transfers'];
  totals: PayoutBreakdown['totals'];
  refundPending: boolean;
}

const ROLE_ORDER: Record<PayoutBreakdown['transfers'][number]['role'], number> = {
  group_hold: 0,
  amount: 1,
  fee: 2,
  post: 3,
  void: 4,
  expire: 5,
  refund: 6,
};

function refuse(label: string, why: string): never {
  throw new Error(`payout breakdown ${label}: ${why}`);
}

function checkLegs(f: PayoutFacts, s: Sorted) {
  const total = f.amount + f.fee;
  if (s.legAmount + s.legFee > 0 && (s.legAmount !== f.amount || s.legFee !== f.fee))
    refuse(f.label, `legs ${s.legAmount}+${s.legFee} ≠ amount ${f.amount} + fee ${f.fee}`);
  if (f.status === 'SUCCESS' && s.posted !== total)
    refuse(f.label, `a success posted ${s.posted}, not ${total}`);
  if (f.status !== 'SUCCESS' && s.posted !== 0)
    refuse(f.label, `${f.status} but ${s.posted} posted`);
  if (s.refunds !== 0 && s.refunds !== total)
    refuse(f.label, `refunded ${s.refunds}, not ${total}`);
  if (s.refunds !== 0 && f.status !== 'FAILED') refuse(f.label, `refunded but ${f.status}`);
}

/** The payout's lines and gross → net, or an error when the ledger and the records disagree. */
export function payoutFigures(f: PayoutFacts, s: Sorted): PayoutFigures {
  checkLegs(f, s);
  const total = f.amount + f.fee;
  const hold = f.groupHold;
  const lines = [...s.lines];
  let left: number;
  let returned: number;
  let expected: number;
  let refundPending = false;
  if (hold) {
    lines.unshift({
      id: hold.id,
      role: 'group_hold',
      amount: total,
      state: 'posted',
      at: hold.at.toISOString(),
    });
    left = total;
    returned = hold.released ? total : s.refunds;
    refundPending = !hold.released && f.status === 'FAILED' && s.refunds === 0;
    expected = hold.released || (f.status === 'FAILED' && !refundPending) ? 0 : total;
  } else {
    left = s.fromAvailable;
    returned = s.backToAvailable + s.refunds;
    expected = f.status === 'SUCCESS' || f.status === 'PROCESS' ? total : 0;
  }
  const net = left - returned;
  if (net !== expected) refuse(f.label, `net ${net} ≠ ${expected} for ${f.status}`);
  // In the order the money moved: by time, and at one instant the legs before what ended them.
  lines.sort((a, b) => a.at.localeCompare(b.at) || ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return {
    lines,
    totals: { amount: f.amount, fee: f.fee, total, returned, net },
    refundPending,
  };
}
