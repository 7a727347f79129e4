/**
 * The ledger's invariants, recomputed from scratch in SQL. The tests run this after every
 * scenario and `npm run ledger:check` runs it against a live database. It never trusts the
 * balance columns: they are recomputed from the immutable transfers and compared.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Environment } from './model';
import type { Row } from './rows';

export interface InvariantOptions {
  /** Check one environment only; both when omitted. */
  environment?: Environment;
  /** Examples reported per rule; the check still scans everything. */
  examplesPerRule?: number;
}

export interface InvariantReport {
  ok: boolean;
  violations: string[];
  counted: { accounts: number; transfers: number; entries: number };
}

interface Rule {
  name: string;
  query: (scope: Scope) => RawBuilder<Row>;
  describe: (row: Row) => string;
}

interface Scope {
  /** Filter on ledger_accounts aliased `a`. */
  accounts: RawBuilder<unknown>;
  /** Filter on ledger_transfers aliased `t`. */
  transfers: RawBuilder<unknown>;
  limit: number;
}

const AVAILABLE = sql`(case a.normal_side
  when 'credit' then a.credits_posted - a.debits_posted - a.debits_pending
  else a.debits_posted - a.credits_posted - a.credits_pending end)`;

const RULES: readonly Rule[] = [
  {
    name: 'total debits equal total credits',
    query: (s) => sql<Row>`
      select a.environment, a.currency,
        sum(a.debits_posted)::text as debits_posted, sum(a.credits_posted)::text as credits_posted,
        sum(a.debits_pending)::text as debits_pending, sum(a.credits_pending)::text as credits_pending
      from ledger_accounts a where ${s.accounts}
      group by a.environment, a.currency
      having sum(a.debits_posted) <> sum(a.credits_posted)
        or sum(a.debits_pending) <> sum(a.credits_pending)
      limit ${s.limit}`,
    describe: (r) =>
      `${r.environment}/${r.currency}: posted debits ${r.debits_posted} vs credits ` +
      `${r.credits_posted}, pending debits ${r.debits_pending} vs credits ${r.credits_pending}`,
  },
  {
    name: 'balance columns equal the sums of the transfers',
    query: (s) => sql<Row>`
      with t as (
        select t.debit_account_id, t.credit_account_id, t.flags, t.amount,
          coalesce(p.amount, 0) as pending_amount
        from ledger_transfers t left join ledger_transfers p on p.id = t.pending_id
        where ${s.transfers}
      ),
      moves as (
        select debit_account_id as account_id,
          case when flags & 10 = 0 then amount else 0 end as debits_posted,
          0::int8 as credits_posted,
          case when flags & 2 <> 0 then amount when flags & 12 <> 0 then -pending_amount
            else 0 end as debits_pending,
          0::int8 as credits_pending
        from t
        union all
        select credit_account_id, 0::int8,
          case when flags & 10 = 0 then amount else 0 end,
          0::int8,
          case when flags & 2 <> 0 then amount when flags & 12 <> 0 then -pending_amount else 0 end
        from t
      ),
      sums as (
        select account_id, sum(debits_posted) as dp, sum(credits_posted) as cp,
          sum(debits_pending) as dpe, sum(credits_pending) as cpe
        from moves group by account_id
      )
      select a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
        coalesce(s.dp, 0)::text as dp, coalesce(s.cp, 0)::text as cp,
        coalesce(s.dpe, 0)::text as dpe, coalesce(s.cpe, 0)::text as cpe
      from ledger_accounts a left join sums s on s.account_id = a.id
      where ${s.accounts} and (a.debits_posted <> coalesce(s.dp, 0)
        or a.credits_posted <> coalesce(s.cp, 0) or a.debits_pending <> coalesce(s.dpe, 0)
        or a.credits_pending <> coalesce(s.cpe, 0))
      order by a.id limit ${s.limit}`,
    describe: (r) =>
      `account ${r.id}: columns (${r.debits_posted}, ${r.credits_posted}, ${r.debits_pending}, ` +
      `${r.credits_pending}) but transfers sum to (${r.dp}, ${r.cp}, ${r.dpe}, ${r.cpe})`,
  },
  {
    name: 'entry chains are continuous',
    query: (s) => sql<Row>`
      select * from (
        select e.account_id, e.id, e.balance_before,
          lag(e.balance_after) over (partition by e.account_id order by e.id) as previous_after
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where ${s.accounts}
      ) x
      where balance_before <> coalesce(previous_after, 0)
      order by account_id, id limit ${s.limit}`,
    describe: (r) =>
      `entry ${r.id} of account ${r.account_id}: balance_before ${r.balance_before} but the ` +
      `previous entry ended at ${r.previous_after ?? 0}`,
  },
  {
    name: 'the last entry equals the available balance',
    query: (s) => sql<Row>`
      with last as (
        select distinct on (e.account_id) e.account_id, e.balance_after
        from ledger_entries e order by e.account_id, e.id desc
      )
      select a.id, ${AVAILABLE} as available, last.balance_after
      from ledger_accounts a left join last on last.account_id = a.id
      where ${s.accounts} and coalesce(last.balance_after, 0) <> ${AVAILABLE}
      order by a.id limit ${s.limit}`,
    describe: (r) =>
      `account ${r.id}: available ${r.available} but its last entry says ${r.balance_after ?? 0}`,
  },
  {
    name: 'every transfer has one matching entry per side',
    query: (s) => sql<Row>`
      select t.id from ledger_transfers t
      left join ledger_entries d on d.transfer_id = t.id and d.direction = 'debit'
      left join ledger_entries c on c.transfer_id = t.id and c.direction = 'credit'
      where ${s.transfers} and (d.id is null or c.id is null
        or d.account_id <> t.debit_account_id or c.account_id <> t.credit_account_id
        or d.amount <> t.amount or c.amount <> t.amount)
      order by t.id limit ${s.limit}`,
    describe: (r) => `transfer ${r.id}: entries missing or not matching the transfer`,
  },
  {
    name: 'every entry belongs to a transfer',
    query: (s) => sql<Row>`
      select e.id, e.transfer_id from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      left join ledger_transfers t on t.id = e.transfer_id
      where ${s.accounts} and t.id is null
      order by e.id limit ${s.limit}`,
    describe: (r) => `entry ${r.id} names transfer ${r.transfer_id}, which does not exist`,
  },
  {
    name: 'every entry moves the available balance as its transfer says',
    query: (s) => sql<Row>`
      select e.id, e.account_id, e.transfer_id, e.balance_before, e.balance_after, expected
      from (
        select e.*, t.flags, t.amount as transfer_amount,
          coalesce(p.amount, 0) as pending_amount,
          (e.direction = 'credit') = (a.normal_side = 'credit') as grows
        from ledger_entries e
        join ledger_transfers t on t.id = e.transfer_id
        join ledger_accounts a on a.id = e.account_id
        left join ledger_transfers p on p.id = t.pending_id
        where ${s.accounts}
      ) e,
      lateral (select case
        when e.flags & 2 <> 0 then case when e.grows then 0 else -e.transfer_amount end
        when e.flags & 4 <> 0 then case when e.grows then e.transfer_amount
          else e.pending_amount - e.transfer_amount end
        when e.flags & 8 <> 0 then case when e.grows then 0 else e.pending_amount end
        else case when e.grows then e.transfer_amount else -e.transfer_amount end
      end as expected) x
      where e.balance_after - e.balance_before <> x.expected
      order by e.id limit ${s.limit}`,
    describe: (r) =>
      `entry ${r.id} (transfer ${r.transfer_id}, account ${r.account_id}) moves ` +
      `${r.balance_before} → ${r.balance_after}, expected a change of ${r.expected}`,
  },
  {
    name: 'no available balance below zero unless allowed',
    query: (s) => sql<Row>`
      select a.id, ${AVAILABLE} as available from ledger_accounts a
      where ${s.accounts} and not a.allow_negative and ${AVAILABLE} < 0
      order by a.id limit ${s.limit}`,
    describe: (r) => `account ${r.id}: available ${r.available} below zero`,
  },
  {
    name: 'every hold is resolved at most once',
    query: (s) => sql<Row>`
      select t.pending_id, count(*)::int4 as resolutions from ledger_transfers t
      where ${s.transfers} and t.pending_id is not null
      group by t.pending_id having count(*) > 1
      order by t.pending_id limit ${s.limit}`,
    describe: (r) => `hold ${r.pending_id} resolved ${r.resolutions} times`,
  },
  {
    name: 'hold status matches its resolution',
    query: (s) => sql<Row>`
      select t.id, t.status, r.id as resolution_id, r.flags as resolution_flags
      from ledger_transfers t left join ledger_transfers r on r.pending_id = t.id
      where ${s.transfers} and t.flags & 2 <> 0 and not coalesce(
        (t.status = 'pending' and r.id is null)
        or (t.status = 'posted' and r.flags & 4 <> 0 and r.amount <= t.amount)
        or (t.status in ('voided', 'expired') and r.flags & 8 <> 0 and r.amount = t.amount),
        false)
      order by t.id limit ${s.limit}`,
    describe: (r) =>
      `hold ${r.id}: status ${r.status} but resolution ${r.resolution_id ?? 'none'} ` +
      `(flags ${r.resolution_flags ?? '-'})`,
  },
  {
    name: 'resolutions name a hold with the same accounts',
    query: (s) => sql<Row>`
      select t.id, t.pending_id from ledger_transfers t
      left join ledger_transfers p on p.id = t.pending_id
      where ${s.transfers} and t.pending_id is not null and (p.id is null or p.flags & 2 = 0
        or p.debit_account_id <> t.debit_account_id or p.credit_account_id <> t.credit_account_id)
      order by t.id limit ${s.limit}`,
    describe: (r) => `transfer ${r.id} resolves ${r.pending_id}, which is not a matching hold`,
  },
  {
    name: 'transfers stay inside one environment and currency',
    query: (s) => sql<Row>`
      select t.id from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      where ${s.transfers} and (d.environment <> t.environment or c.environment <> t.environment
        or d.currency <> t.currency or c.currency <> t.currency)
      order by t.id limit ${s.limit}`,
    describe: (r) => `transfer ${r.id} crosses environments or currencies`,
  },
  {
    name: 'no idempotency key names two transfers',
    query: (s) => sql<Row>`
      select t.id, count(*)::int4 as copies from ledger_transfers t where ${s.transfers}
      group by t.id having count(*) > 1 limit ${s.limit}`,
    describe: (r) => `transfer id ${r.id} stored ${r.copies} times`,
  },
];

async function countRows(db: Kysely<any>, scope: Scope): Promise<InvariantReport['counted']> {
  const result = await sql<Row>`
    select
      (select count(*) from ledger_accounts a where ${scope.accounts})::int8 as accounts,
      (select count(*) from ledger_transfers t where ${scope.transfers})::int8 as transfers,
      (select count(*) from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where ${scope.accounts})::int8 as entries`.execute(db);
  const row = result.rows[0] ?? {};
  return {
    accounts: Number(row.accounts ?? 0),
    transfers: Number(row.transfers ?? 0),
    entries: Number(row.entries ?? 0),
  };
}

/**
 * Checks every invariant and reports violations as sentences. All rules read one snapshot (a
 * read-only repeatable-read transaction), so postings committed while the check runs cannot show
 * up as false alarms between two statements. Given a transaction, it runs inside that one.
 */
export async function checkInvariants(
  db: Kysely<any>,
  options: InvariantOptions = {},
): Promise<InvariantReport> {
  const environment = options.environment;
  const scope: Scope = {
    accounts: environment === undefined ? sql`true` : sql`a.environment = ${environment}`,
    transfers: environment === undefined ? sql`true` : sql`t.environment = ${environment}`,
    limit: Math.max(1, Math.min(options.examplesPerRule ?? 10, 1_000)),
  };
  const check = async (snapshot: Kysely<any>): Promise<InvariantReport> => {
    const violations: string[] = [];
    for (const rule of RULES) {
      const result = await rule.query(scope).execute(snapshot);
      for (const row of result.rows) violations.push(`${rule.name}: ${rule.describe(row)}`);
    }
    const counted = await countRows(snapshot, scope);
    return { ok: violations.length === 0, violations, counted };
  };
  if (db.isTransaction) return check(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(check);
}
