/**
 * The ledger's SQL. Every statement takes whole arrays (`unnest`) instead of one row per round
 * trip, so a batch of 20,000 transfers costs the same number of statements as a single one.
 * Callers pass the executor: the caller's transaction or the ledger's own.
 */
import { PREPARED_STATEMENT_MARK } from '@gerbang/shared/db/prepared-statements';
import { type Kysely, sql } from 'kysely';
import {
  type Account,
  type AccountBalances,
  type AccountSpec,
  assert,
  DEFAULT_CURRENCY,
  defaultAllowNegative,
  defaultNormalSide,
  type Environment,
  LedgerError,
  LIMITS,
  type Transfer,
} from './model';
import type { PostingPlan } from './posting';
import {
  accountFromRow,
  entryFromRow,
  type Row,
  type StoredEntry,
  toSafeInteger,
  transferFromRow,
} from './rows';
import { SUB_ACCOUNT_SEPARATOR } from './spread';

export type Executor = Kysely<any>;

/**
 * The lock and the write, sent at every posting with the same text, are marked for drivers that
 * keep named prepared statements (the server's pool): otherwise PostgreSQL parses and plans them
 * at every call, the write while the accounts are locked.
 */
const prepared = sql.raw(PREPARED_STATEMENT_MARK);

const ACCOUNT_COLUMNS = sql.raw(
  'id, kind, agent_id, subkey, environment, currency, normal_side, allow_negative, ' +
    'debits_posted, credits_posted, debits_pending, credits_pending, version, created_at',
);

/**
 * Locks the accounts the batch names plus the accounts of the pending transfers it resolves, in
 * ascending id order: every writer takes its locks in the same order, so writers queue instead of
 * deadlocking. `for no key update` still lets foreign-key checks of other inserts through.
 */
export async function lockAccounts(
  executor: Executor,
  accountIds: readonly number[],
  pendingIds: readonly string[],
): Promise<Map<number, Account>> {
  const lockSet = lockSetCondition(accountIds, pendingIds);
  const result = await sql<Row>`${prepared}
    with ${turnQueue(lockSet, accountIds, pendingIds)}
    select ${ACCOUNT_COLUMNS} from ledger_accounts
    where ${lockSet} and (select count(*) from turns) >= 0
    order by id
    for no key update`.execute(executor);
  const accounts = new Map<number, Account>();
  for (const row of result.rows) {
    const account = accountFromRow(row);
    accounts.set(account.id, account);
  }
  return accounts;
}

/**
 * `lockAccounts` and the stored transfers of `transferIds` in ONE statement, for calls that
 * resolve holds: the read that used to follow the lock is a round trip less while the accounts
 * are locked.
 *
 * The transfers are read only after every account is locked (the `(select count(*) from locked)`
 * guard is evaluated first), and `for key share` makes PostgreSQL return a row's newest committed
 * version even when it changed after this statement's snapshot (a hold another writer resolved
 * while we waited for its accounts). Key share does not conflict with the status update of the
 * write step, so it waits for nobody. A row inserted after the snapshot stays invisible: the
 * caller reads again (`loadTransfers`) when a named hold is missing, and a concurrently created
 * transfer id fails the write with a unique violation, which is retried as before.
 */
export async function lockAccountsAndLoad(
  executor: Executor,
  accountIds: readonly number[],
  pendingIds: readonly string[],
  transferIds: readonly string[],
): Promise<{ accounts: Map<number, Account>; transfers: Map<string, Transfer> }> {
  const lockSet = lockSetCondition(accountIds, pendingIds);
  const result = await sql<Row>`${prepared}
    with ${turnQueue(lockSet, accountIds, pendingIds)},
    locked as materialized (
      select ${ACCOUNT_COLUMNS} from ledger_accounts
      where ${lockSet} and (select count(*) from turns) >= 0
      order by id
      for no key update)
    select l.*, h.stored from (
      select coalesce(json_agg(row_to_json(t)), '[]'::json) as stored from (
        select * from ledger_transfers
        where id = any(${transferIds}::text[]) and (select count(*) from locked) >= 0
        for key share) t) h
    left join locked l on true`.execute(executor);
  const accounts = new Map<number, Account>();
  const transfers = new Map<string, Transfer>();
  for (const row of result.rows) {
    if (row.id !== null && row.id !== undefined) {
      const account = accountFromRow(row);
      accounts.set(account.id, account);
    }
  }
  const stored = result.rows[0]?.stored;
  const list: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  for (const row of Array.isArray(list) ? (list as Row[]) : []) {
    const transfer = transferFromRow(row);
    transfers.set(transfer.id, transfer);
  }
  return { accounts, transfers };
}

/** The accounts a call locks: the ones it names and both accounts of each hold it resolves. */
function lockSetCondition(accountIds: readonly number[], pendingIds: readonly string[]) {
  if (pendingIds.length === 0) return sql`id = any(${accountIds}::int8[])`;
  return sql`(id = any(${accountIds}::int8[])
    or id in (select debit_account_id from ledger_transfers where id = any(${pendingIds}::text[]))
    or id in (select credit_account_id from ledger_transfers where id = any(${pendingIds}::text[])))`;
}

/**
 * A `turns` CTE that makes callers of the same account take turns in arrival order before they
 * lock its row. Row locks are not granted in arrival order: a waiter queues on the row version
 * it first saw, and a caller arriving later reads the newest version and can overtake it, so on
 * one busy account a few callers wait many turns (p99 ~8× the median in `bench:ledger`). A
 * transaction-scoped advisory lock is a heavyweight lock with a first-come queue; taken per
 * account in id order (the row locks' order), it adds no deadlock the row locks did not already
 * allow (a caller's transaction that makes several calls can meet one, as before). The key is
 * the account id split into two int4 halves, a keyspace apart from single-int8 advisory keys
 * (the migrations' lock). Big lock sets skip it (`LIMITS.turnQueueAccountsMax`).
 */
function turnQueue(
  lockSet: ReturnType<typeof lockSetCondition>,
  accountIds: readonly number[],
  pendingIds: readonly string[],
) {
  if (accountIds.length + 2 * pendingIds.length > LIMITS.turnQueueAccountsMax) {
    return sql`turns as (select 1 where false)`;
  }
  return sql`turns as materialized (
    select pg_advisory_xact_lock((id >> 32)::int4, ((id & 4294967295) - 2147483648)::int4)
    from (select id from ledger_accounts where ${lockSet} order by id) ordered)`;
}

export async function loadTransfers(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, Transfer>> {
  const transfers = new Map<string, Transfer>();
  if (ids.length === 0) return transfers;
  const result = await sql<Row>`
    select * from ledger_transfers where id = any(${ids}::text[])`.execute(executor);
  for (const row of result.rows) {
    const transfer = transferFromRow(row);
    transfers.set(transfer.id, transfer);
  }
  return transfers;
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/**
 * Writes a plan in one call of `ledger_write_plan`: the new transfers and entries, the
 * per-account deltas (guarded by the version read under lock) and the status of resolved holds.
 * The function raises if any count differs from the plan, which aborts the transaction.
 */
export async function writePlan(executor: Executor, plan: PostingPlan): Promise<void> {
  if (plan.created.length === 0) {
    assert(plan.accountChanges.length === 0 && plan.resolved.length === 0, 'nothing to write');
    return;
  }
  await writeStatement(plan).execute(executor);
}

export function writeStatement(plan: PostingPlan) {
  const t = plan.created;
  const e = plan.entries;
  const a = plan.accountChanges;
  const p = plan.resolved;
  return sql<Row>`${prepared}
    select ledger_write_plan(
      ${t.map((x) => x.id)}::text[],
      ${t.map((x) => x.debitAccountId)}::int8[],
      ${t.map((x) => x.creditAccountId)}::int8[],
      ${t.map((x) => x.amount)}::int8[],
      ${t.map((x) => x.pendingId)}::text[],
      ${t.map((x) => x.flags)}::int4[],
      ${t.map((x) => x.kind)}::text[],
      ${t.map((x) => x.reference)}::text[],
      ${t.map((x) => x.description)}::text[],
      ${t.map((x) => x.timeoutSeconds)}::int4[],
      ${t.map((x) => iso(x.timeoutAt))}::timestamptz[],
      ${t.map((x) => x.status)}::text[],
      ${t.map((x) => x.environment)}::text[],
      ${t.map((x) => x.currency)}::text[],
      ${t.map((x) => x.createdAt.toISOString())}::timestamptz[],
      ${t.map((x) => (x.metadata === null ? null : JSON.stringify(x.metadata)))}::jsonb[],
      ${e.map((x) => x.accountId)}::int8[],
      ${e.map((x) => x.transferId)}::text[],
      ${e.map((x) => x.direction)}::text[],
      ${e.map((x) => x.amount)}::int8[],
      ${e.map((x) => x.balanceBefore)}::int8[],
      ${e.map((x) => x.balanceAfter)}::int8[],
      ${e.map((x) => x.createdAt.toISOString())}::timestamptz[],
      ${a.map((x) => x.id)}::int8[],
      ${a.map((x) => x.version)}::int8[],
      ${a.map((x) => x.delta.debitsPosted)}::int8[],
      ${a.map((x) => x.delta.creditsPosted)}::int8[],
      ${a.map((x) => x.delta.debitsPending)}::int8[],
      ${a.map((x) => x.delta.creditsPending)}::int8[],
      ${p.map((x) => x.id)}::text[],
      ${p.map((x) => x.status)}::text[])`;
}

interface NormalisedSpec {
  id: number | null;
  kind: string;
  agentId: number | null;
  subkey: string;
  environment: Environment;
  currency: string;
  normalSide: 'credit' | 'debit';
  allowNegative: boolean;
}

function normaliseSpec(spec: AccountSpec): NormalisedSpec {
  if (spec.id !== undefined && !(Number.isSafeInteger(spec.id) && spec.id > 0)) {
    throw new LedgerError(`account id must be a positive safe integer: ${spec.id}`);
  }
  const agentId = spec.agentId ?? null;
  if (agentId !== null && !Number.isSafeInteger(agentId)) {
    throw new LedgerError(`agent id must be a safe integer: ${agentId}`);
  }
  return {
    id: spec.id ?? null,
    kind: spec.kind,
    agentId,
    subkey: spec.subkey ?? '',
    environment: spec.environment,
    currency: spec.currency ?? DEFAULT_CURRENCY,
    normalSide: spec.normalSide ?? defaultNormalSide(spec.kind),
    allowNegative: spec.allowNegative ?? defaultAllowNegative(spec.kind),
  };
}

function naturalKey(x: {
  environment: string;
  currency: string;
  kind: string;
  agentId: number | null;
  subkey: string;
}): string {
  return JSON.stringify([x.environment, x.currency, x.kind, x.agentId, x.subkey]);
}

/** The stored accounts of these natural keys, by key (a plain read: it waits for no lock). */
async function accountsByKey(
  executor: Executor,
  wanted: readonly NormalisedSpec[],
): Promise<Map<string, Account>> {
  const found = await sql<Row>`
    select ${ACCOUNT_COLUMNS} from ledger_accounts a
    where (a.environment, a.currency, a.kind, coalesce(a.agent_id, -1), a.subkey) in (
      select * from unnest(
        ${wanted.map((x) => x.environment)}::text[],
        ${wanted.map((x) => x.currency)}::text[],
        ${wanted.map((x) => x.kind)}::text[],
        ${wanted.map((x) => x.agentId ?? -1)}::int8[],
        ${wanted.map((x) => x.subkey)}::text[]))`.execute(executor);
  const byKey = new Map<string, Account>();
  for (const row of found.rows) {
    const account = accountFromRow(row);
    byKey.set(naturalKey(account), account);
  }
  return byKey;
}

async function insertAccounts(executor: Executor, wanted: readonly NormalisedSpec[]) {
  await sql`
    insert into ledger_accounts (id, kind, agent_id, subkey, environment, currency, normal_side,
      allow_negative)
    select coalesce(u.id, nextval(pg_get_serial_sequence('ledger_accounts', 'id'))),
      u.kind, u.agent_id, u.subkey, u.environment, u.currency, u.normal_side, u.allow_negative
    from unnest(
      ${wanted.map((x) => x.id)}::int8[],
      ${wanted.map((x) => x.kind)}::text[],
      ${wanted.map((x) => x.agentId)}::int8[],
      ${wanted.map((x) => x.subkey)}::text[],
      ${wanted.map((x) => x.environment)}::text[],
      ${wanted.map((x) => x.currency)}::text[],
      ${wanted.map((x) => x.normalSide)}::text[],
      ${wanted.map((x) => x.allowNegative)}::bool[])
      with ordinality as u(id, kind, agent_id, subkey, environment, currency, normal_side,
        allow_negative, ordinal)
    order by u.ordinal
    on conflict do nothing`.execute(executor);
}

/**
 * Creates the accounts that do not exist yet and returns all of them, in the order asked. An
 * account's flags never change after creation; asking for other ones is a caller bug.
 *
 * Existing accounts are read first, and only missing ones are inserted: the usual call (every
 * account exists) is one plain read. An `insert … on conflict do nothing` on an existing row
 * would wait for any transaction that has updated that row and not committed yet (the unique
 * check sees its new version), so a payout would queue behind every posting on its accounts.
 */
export async function ensureAccounts(
  executor: Executor,
  specs: readonly AccountSpec[],
): Promise<Account[]> {
  if (specs.length === 0) return [];
  const wanted = specs.map(normaliseSpec);
  let byKey = await accountsByKey(executor, wanted);
  const missing = wanted.filter((spec) => !byKey.has(naturalKey(spec)));
  if (missing.length > 0) {
    await insertAccounts(executor, missing);
    byKey = await accountsByKey(executor, wanted);
  }
  return wanted.map((spec) => {
    const account = byKey.get(naturalKey(spec));
    if (account === undefined) {
      throw new LedgerError(`account ${naturalKey(spec)} was not created (id ${spec.id} taken?)`);
    }
    if (spec.id !== null && spec.id !== account.id) {
      throw new LedgerError(`account ${naturalKey(spec)} exists with id ${account.id}`);
    }
    if (spec.normalSide !== account.normalSide || spec.allowNegative !== account.allowNegative) {
      throw new LedgerError(`account ${account.id} exists with other flags`);
    }
    return account;
  });
}

export async function getAccounts(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, Account>> {
  const result = await sql<Row>`
    select ${ACCOUNT_COLUMNS} from ledger_accounts where id = any(${ids}::int8[])`.execute(
    executor,
  );
  const accounts = new Map<number, Account>();
  for (const row of result.rows) {
    const account = accountFromRow(row);
    accounts.set(account.id, account);
  }
  return accounts;
}

export interface AccountKey {
  environment: Environment;
  kind: string;
  agentId?: number | null;
  subkey?: string;
  currency?: string;
}

export async function findAccount(
  executor: Executor,
  key: AccountKey,
): Promise<Account | undefined> {
  const agentId = key.agentId ?? null;
  const agentFilter = agentId === null ? sql`agent_id is null` : sql`agent_id = ${agentId}`;
  const result = await sql<Row>`
    select ${ACCOUNT_COLUMNS} from ledger_accounts
    where environment = ${key.environment} and currency = ${key.currency ?? DEFAULT_CURRENCY}
      and kind = ${key.kind} and ${agentFilter} and subkey = ${key.subkey ?? ''}`.execute(executor);
  const row = result.rows[0];
  return row === undefined ? undefined : accountFromRow(row);
}

/**
 * The summed balance columns of an account and its sub-accounts (spread.ts); null when none
 * exists. A plain read, like `getAccounts`.
 */
export async function sumSpread(
  executor: Executor,
  key: AccountKey,
): Promise<{ normalSide: 'credit' | 'debit'; sums: AccountBalances; accounts: number } | null> {
  const agentId = key.agentId ?? null;
  const agentFilter = agentId === null ? sql`agent_id is null` : sql`agent_id = ${agentId}`;
  const subkey = key.subkey ?? '';
  const result = await sql<Row>`
    select normal_side, count(*)::int8 as accounts,
      sum(debits_posted)::int8 as debits_posted, sum(credits_posted)::int8 as credits_posted,
      sum(debits_pending)::int8 as debits_pending, sum(credits_pending)::int8 as credits_pending
    from ledger_accounts
    where environment = ${key.environment} and currency = ${key.currency ?? DEFAULT_CURRENCY}
      and kind = ${key.kind} and ${agentFilter}
      and (subkey = ${subkey} or starts_with(subkey, ${`${subkey}${SUB_ACCOUNT_SEPARATOR}`}))
    group by normal_side`.execute(executor);
  if (result.rows.length > 1) {
    throw new LedgerError(`sub-accounts of ${key.kind}/${subkey} have different normal sides`);
  }
  const row = result.rows[0];
  if (row === undefined) return null;
  return {
    normalSide: row.normal_side === 'debit' ? 'debit' : 'credit',
    accounts: toSafeInteger(row.accounts, 'accounts'),
    sums: {
      debitsPosted: toSafeInteger(row.debits_posted, 'debits_posted'),
      creditsPosted: toSafeInteger(row.credits_posted, 'credits_posted'),
      debitsPending: toSafeInteger(row.debits_pending, 'debits_pending'),
      creditsPending: toSafeInteger(row.credits_pending, 'credits_pending'),
    },
  };
}

export interface EntryPage {
  accountId: number;
  /** Newest first (booking time, then id); at most this many, capped at 1,000. */
  limit: number;
  /** Keyset paging: entries strictly older than this one (pass the last entry of a page). */
  before?: { createdAt: Date; id: number };
}

/** Served by the (account_id, created_at desc, id desc) index, for the mutation pages. */
export async function listEntries(executor: Executor, page: EntryPage): Promise<StoredEntry[]> {
  const limit = Math.max(1, Math.min(page.limit, 1_000));
  const before =
    page.before === undefined
      ? sql``
      : sql`and (created_at, id) < (${page.before.createdAt.toISOString()}::timestamptz, ${page.before.id})`;
  const result = await sql<Row>`
    select * from ledger_entries where account_id = ${page.accountId} ${before}
    order by created_at desc, id desc limit ${limit}`.execute(executor);
  return result.rows.map(entryFromRow);
}

/** Holds whose timeout has passed, oldest first. */
export async function listExpiredPendings(
  executor: Executor,
  now: Date,
  limit: number,
  environment: Environment | undefined,
): Promise<Array<{ id: string }>> {
  const scope = environment === undefined ? sql`` : sql`and environment = ${environment}`;
  const result = await sql<Row>`
    select id from ledger_transfers
    where status = 'pending' and timeout_at <= ${now.toISOString()}::timestamptz ${scope}
    order by timeout_at, id limit ${limit}`.execute(executor);
  return result.rows.map((row) => ({ id: String(row.id) }));
}
