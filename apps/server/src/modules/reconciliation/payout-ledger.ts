/**
 * The ledger side of a payout breakdown (ADR 019): the transfers a payout made, read by the
 * ledger reference every payout shape writes (its id_transaksi — the hold's legs, the post or
 * void that ended them, a failed bulk row's refund), kept to transfers touching the caller's own
 * accounts in the caller's environment, and sorted into what they were to the payout.
 */
import type { Environment } from '@gerbang/shared';
import type { PayoutBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface Scope {
  agentId: number;
  environment: Environment;
}

export interface LedgerRow {
  id: string;
  reference: string;
  amount: number;
  /** pending/posted/voided/expired for a pending leg; null for any other transfer. */
  status: string | null;
  pending_id: string | null;
  /** How the pending leg this transfer ended was ended. */
  pending_status: string | null;
  created_at: Date;
  debit_kind: string;
  debit_mine: boolean;
  credit_kind: string;
  credit_mine: boolean;
}

type Line = PayoutBreakdown['transfers'][number];

/** The caller's transfers with these references, by reference, oldest first. */
export async function transfersByReference(
  db: Kysely<Database>,
  s: Scope,
  references: string[],
): Promise<Map<string, LedgerRow[]>> {
  const out = new Map<string, LedgerRow[]>();
  if (references.length === 0) return out;
  const { rows } = await sql<LedgerRow & { amount: string | number }>`
    SELECT t.id, t.reference, t.amount, t.status, t.pending_id, p.status AS pending_status,
      t.created_at, d.kind AS debit_kind, coalesce(d.agent_id = ${s.agentId}, false) AS debit_mine,
      c.kind AS credit_kind, coalesce(c.agent_id = ${s.agentId}, false) AS credit_mine
    FROM ledger_transfers t
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    JOIN ledger_accounts c ON c.id = t.credit_account_id
    LEFT JOIN ledger_transfers p ON p.id = t.pending_id
    WHERE t.reference = any(${sql.val(references)}::text[]) AND t.environment = ${s.environment}
      AND (d.agent_id = ${s.agentId} OR c.agent_id = ${s.agentId})
    ORDER BY t.created_at, t.id`.execute(db);
  for (const r of rows) {
    const list = out.get(r.reference) ?? [];
    list.push({ ...r, amount: Number(r.amount), created_at: new Date(r.created_at) });
    out.set(r.reference, list);
  }
  return out;
}

/** A bulk group's hold and release (the group-level transfers of bulk-transfer/postings.ts). */
export async function groupHold(db: Kysely<Database>, s: Scope, groupId: number) {
  const { rows } = await sql<{ id: string; amount: string | number; created_at: Date }>`
    SELECT id, amount, created_at FROM ledger_transfers
    WHERE id IN (${`bulk_group:${groupId}:hold`}, ${`bulk_group:${groupId}:release`})
      AND environment = ${s.environment}`.execute(db);
  const hold = rows.find((r) => r.id.endsWith(':hold'));
  const release = rows.find((r) => r.id.endsWith(':release'));
  return {
    hold: hold ? { id: hold.id, amount: Number(hold.amount), at: new Date(hold.created_at) } : null,
    released: release ? Number(release.amount) : 0,
  };
}

export interface Sorted {
  lines: Line[];
  /** The payout's legs (pending or posted directly), by role. */
  legAmount: number;
  legFee: number;
  /** Legs that debited the merchant's available balance, and those of them voided or expired. */
  fromAvailable: number;
  backToAvailable: number;
  /** Transfers from the merchant's own accounts back to its available balance (bulk refunds). */
  refunds: number;
  /** Legs posted (or posted directly), and legs still pending. */
  posted: number;
  pending: number;
  /** A leg paid from another of the merchant's accounts than its balance (a transfer order's funds). */
  otherSource: boolean;
}

/** The merchant's accounts a payout from its balance is paid from. */
const BALANCE_SOURCES = new Set(['merchant_available', 'merchant_bulk_funds']);

const RESOLUTION_ROLE = { posted: 'post', voided: 'void', expired: 'expire' } as const;

const isAvailable = (kind: string, mine: boolean) => mine && kind === 'merchant_available';

/** What each transfer was to the payout, and the sums the breakdown checks (pure). */
export function sortTransfers(transfers: LedgerRow[]): Sorted {
  const out: Sorted = {
    lines: [],
    legAmount: 0,
    legFee: 0,
    fromAvailable: 0,
    backToAvailable: 0,
    refunds: 0,
    posted: 0,
    pending: 0,
    otherSource: false,
  };
  const at = (t: LedgerRow) => t.created_at.toISOString();
  for (const t of transfers) {
    if (t.pending_id) {
      const role = RESOLUTION_ROLE[t.pending_status as keyof typeof RESOLUTION_ROLE] ?? 'post';
      out.lines.push({ id: t.id, role, amount: t.amount, state: 'posted', at: at(t) });
    } else if (isAvailable(t.credit_kind, t.credit_mine) && t.debit_mine) {
      out.lines.push({ id: t.id, role: 'refund', amount: t.amount, state: 'posted', at: at(t) });
      out.refunds += t.amount;
    } else if (t.debit_mine) {
      const role = t.credit_kind === 'fee_revenue' ? 'fee' : 'amount';
      const state = (t.status ?? 'posted') as Line['state'];
      out.lines.push({ id: t.id, role, amount: t.amount, state, at: at(t) });
      if (!BALANCE_SOURCES.has(t.debit_kind)) out.otherSource = true;
      if (role === 'fee') out.legFee += t.amount;
      else out.legAmount += t.amount;
      if (isAvailable(t.debit_kind, t.debit_mine)) {
        out.fromAvailable += t.amount;
        // A leg voided or expired never left: the leg's own state says so, whatever ended it.
        if (state === 'voided' || state === 'expired') out.backToAvailable += t.amount;
      }
      if (state === 'posted') out.posted += t.amount;
      if (state === 'pending') out.pending += t.amount;
    }
  }
  return out;
}
