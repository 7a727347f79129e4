import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Live events (ADR 017, platform/events): the `events` outbox.
 *
 * Every event is written by a trigger in the SAME transaction as the change it reports, so an
 * event exists exactly when its change committed (at least once, never lost), whichever code path
 * made the change: one hook point per table instead of one per feature. The triggers are
 * statement-level with transition tables: a 1,000-row bulk step writes one event per agent and
 * table, not 1,000, and a statement that changes nothing a page shows writes none.
 *
 * Each trigger also called `pg_notify('gerbang_events', '')` (taken out again by 0276: the
 * commit lock it takes queued every writer; the hub polls the table instead): an empty payload, so PostgreSQL folds
 * the notifications of one transaction into one, delivered at commit to every process that
 * LISTENs; the processes then read the rows from this table (the table is the truth, the
 * notification only a wake-up). `subject` names the one thing a public stream may follow (a pay
 * link's instrument: `pay:<request_payment_customers.id>`).
 *
 * Retention: the events job deletes rows older than 24 hours (the replay window, docs/operations.md).
 */

interface Source {
  /** Trigger and function name part. */
  name: string;
  table: string;
  key: string;
  /** What a changed row reports: `SELECT <select> FROM rows n [GROUP BY <group>]`. */
  select: string;
  group?: string;
  /** When an UPDATE is worth an event (old row `o`, new row `n`). */
  changed: string;
  /** Also on INSERT. */
  onInsert: boolean;
}

/** Up to 20 rows named per event, and how many changed. */
const listed = (fields: string, key: string) =>
  `jsonb_build_object('count', count(*), 'rows', (jsonb_agg(jsonb_build_object(${fields})
    ORDER BY n.${key}) FILTER (WHERE n.rn <= 20)))`;

const SOURCES: Source[] = [
  {
    // Balance: a merchant's spendable or held account moved. The payload is filled by the reader
    // (the balance formula stays the ledger's, in one place).
    name: 'balance',
    table: 'ledger_accounts',
    key: 'id',
    select: `DISTINCT n.agent_id, n.environment, 'balance', NULL::text, '{}'::jsonb`,
    changed: `n.agent_id IS NOT NULL AND n.subkey = ''
      AND n.kind IN ('merchant_available', 'merchant_held')
      AND (n.debits_posted, n.credits_posted, n.debits_pending, n.credits_pending)
        IS DISTINCT FROM (o.debits_posted, o.credits_posted, o.debits_pending, o.credits_pending)`,
    onInsert: false,
  },
  {
    name: 'transactions',
    table: 'transactions',
    key: 'id',
    select: `n.agent_id, n.environment, 'transaction', NULL::text,
      ${listed(`'id_transaksi', n.id_transaksi, 'status', n.status_trx, 'kind', n.kind`, 'id')}`,
    group: 'n.agent_id, n.environment',
    changed: 'o.status_trx IS DISTINCT FROM n.status_trx',
    onInsert: true,
  },
  {
    // A callback row written, sent, failed, or queued again (a resend).
    name: 'callbacks',
    table: 'callbacks',
    key: 'id_callback',
    select: `n.agent_id, n.environment, 'callback', NULL::text,
      ${listed(
        `'id_callback', n.id_callback, 'id_transaksi', n.id_transaksi,
        'status_sent', n.status_sent, 'attempts', n.attempts`,
        'id_callback',
      )}`,
    group: 'n.agent_id, n.environment',
    changed: `(o.status_sent, o.attempts, o.manual_retry)
      IS DISTINCT FROM (n.status_sent, n.attempts, n.manual_retry)`,
    onInsert: true,
  },
  {
    name: 'bulk_groups',
    table: 'disbursement_groups',
    key: 'id',
    select: `n.agent_id, n.environment, 'bulk', NULL::text,
      jsonb_build_object('group_id', n.id, 'status', n.status)`,
    changed: 'o.status IS DISTINCT FROM n.status',
    onInsert: true,
  },
  {
    // A bulk group's rows progressing: one event per group and statement.
    name: 'bulk_rows',
    table: 'disbursement_details',
    key: 'id',
    select: `n.agent_id, n.environment, 'bulk', NULL::text,
      jsonb_build_object('group_id', n.group_id, 'rows', count(*))`,
    group: 'n.agent_id, n.environment, n.group_id',
    changed: 'o.status IS DISTINCT FROM n.status',
    onInsert: false,
  },
  {
    name: 'exports',
    table: 'export_jobs',
    key: 'id',
    select: `n.agent_id, n.environment, 'export', NULL::text,
      jsonb_build_object('job_id', n.id, 'status', n.status)`,
    changed: 'o.status IS DISTINCT FROM n.status',
    onInsert: true,
  },
  {
    // A request waits, or stopped waiting (the badge's count).
    name: 'approvals',
    table: 'approval_requests',
    key: 'id',
    select: `DISTINCT n.agent_id, n.environment, 'approval', NULL::text, '{}'::jsonb`,
    changed: '(o.status, o.layers_done) IS DISTINCT FROM (n.status, n.layers_done)',
    onInsert: true,
  },
  {
    // Manual top-up: matched (paid), expired or returned.
    name: 'deposits',
    table: 'deposits',
    key: 'id',
    select: `n.agent_id, n.environment, 'topup', NULL::text,
      jsonb_build_object('id_deposit', n.id_deposit, 'status', n.status)`,
    changed: 'o.status IS DISTINCT FROM n.status',
    onInsert: false,
  },
  {
    // One instrument of a pay link paid: the public pay page follows its subject.
    name: 'pay',
    table: 'request_payment_customers',
    key: 'id',
    select: `n.agent_id, n.environment, 'pay', 'pay:' || n.id,
      jsonb_build_object('request_payment_id', n.request_payment_id, 'is_paid', n.is_paid)`,
    changed: 'o.is_paid IS DISTINCT FROM n.is_paid',
    onInsert: false,
  },
];

/** One statement-level trigger: its function inserts the events and wakes the listeners. */
function triggerSql(s: Source, op: 'insert' | 'update'): string {
  const fn = `gerbang_events_${s.name}_${op}`;
  const rows =
    op === 'insert'
      ? 'new_rows n0'
      : `new_rows n0 JOIN old_rows o ON o.${s.key} = n0.${s.key} WHERE ${s.changed.replaceAll('n.', 'n0.')}`;
  const numbered = `SELECT n0.*, row_number() OVER (PARTITION BY n0.agent_id, n0.environment
    ORDER BY n0.${s.key}) AS rn FROM ${rows}`;
  const referencing =
    op === 'insert'
      ? 'REFERENCING NEW TABLE AS new_rows'
      : 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows';
  return `
    CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO events (agent_id, environment, type, subject, payload)
      SELECT ${s.select} FROM (${numbered}) n ${s.group ? `GROUP BY ${s.group}` : ''};
      IF FOUND THEN PERFORM pg_notify('gerbang_events', ''); END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER events_${s.name}_${op} AFTER ${op.toUpperCase()} ON ${s.table}
      ${referencing}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
}

/** The events table and the triggers of `sources` (all of them in the migration). */
function eventsSql(sources: readonly Source[]): string {
  const triggers = sources.flatMap((s) => [
    ...(s.onInsert ? [triggerSql(s, 'insert')] : []),
    triggerSql(s, 'update'),
  ]);
  return `
    CREATE TABLE events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      agent_id bigint NOT NULL,
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      type text NOT NULL CHECK (length(type) <= 40),
      subject text CHECK (length(subject) <= 80),
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX events_scope_idx ON events (agent_id, environment, id);
    CREATE INDEX events_subject_idx ON events (subject, id) WHERE subject IS NOT NULL;
    CREATE INDEX events_created_idx ON events (created_at);
    ${triggers.join('\n')}
    `;
}

/**
 * The table and the balance trigger alone, for the ledger bench's own database (it has the
 * ledger's tables only): the bench measures what the trigger adds to each posting.
 */
export const ledgerEventsSql = (): string =>
  eventsSql(SOURCES.filter((s) => s.table === 'ledger_accounts'));

export async function up(db: Kysely<any>): Promise<void> {
  await execScript(db, eventsSql(SOURCES));
}
