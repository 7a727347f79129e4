import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as foundation from './migrations/0001_foundation';
import * as permissionsSeed from './migrations/0002_permissions';
import * as transactions from './migrations/0003_transactions';
import * as instanceSecrets from './migrations/0008_instance_secrets';
import * as ledger from './migrations/0010_ledger';
import * as accountProfiles from './migrations/0020_account_profiles';
import * as withdraw from './migrations/0030_withdraw';
import * as withdrawRailSafety from './migrations/0031_withdraw_rail_safety';
import * as deposits from './migrations/0040_deposits';
import * as virtualAccounts from './migrations/0041_virtual_accounts';
import * as settlement from './migrations/0042_settlement';
import * as callbacks from './migrations/0043_callbacks';
import * as exportJobs from './migrations/0044_exports';
import * as bulkTransfer from './migrations/0045_bulk_transfer';
import * as transferOrders from './migrations/0046_transfer_orders';
import * as aggregator from './migrations/0047_aggregator';
import * as advanceFunds from './migrations/0048_advance_funds';
import * as nmid from './migrations/0049_nmid';
import * as news from './migrations/0060_news';
import * as guessBudgets from './migrations/0061_guess_budgets';
import * as payins from './migrations/0065_payins';
import * as settlementRuns from './migrations/0066_settlement_runs';
import * as topupOpenDeposits from './migrations/0070_topup_open_deposits';
import * as bulkVa from './migrations/0075_bulk_va';
import * as payouts from './migrations/0080_payouts';
import * as depositReturns from './migrations/0085_deposit_returns';
import * as credentials from './migrations/0090_credentials';
import * as callbackDelivery from './migrations/0095_callback_delivery';
import * as callbackSink from './migrations/0096_callback_sink';
import * as transferOrderLines from './migrations/0100_transfer_order_lines';
import * as transferVouchers from './migrations/0101_transfer_vouchers';
import * as inquiryUse from './migrations/0102_inquiry_use';
import * as expectedTransferTotals from './migrations/0103_expected_transfer_totals';
import * as transferOrderCancel from './migrations/0104_transfer_order_cancel';
import * as transactionDescriptions from './migrations/0105_transaction_descriptions';
import * as transactionDayCounts from './migrations/0115_transaction_day_counts';
import * as transactionFilterIndexes from './migrations/0116_transaction_filter_indexes';
import * as dropTransactionDayCounts from './migrations/0117_drop_transaction_day_counts';
import * as requestPayments from './migrations/0120_request_payments';
import * as bulkTransferRun from './migrations/0125_bulk_transfer_run';
import * as bulkInquiryRows from './migrations/0126_bulk_inquiry_rows';
import * as remittance from './migrations/0130_remittance';
import * as advanceFundsReview from './migrations/0135_advance_funds_review';
import * as nmidReview from './migrations/0136_nmid_review';
import * as consoleStaff from './migrations/0140_console';
import * as signup from './migrations/0141_signup';
import * as snap from './migrations/0145_snap';
import * as otpChallenges from './migrations/0150_otp_challenges';
import * as productCharges from './migrations/0155_product_charges';
import * as snapQrisRefunds from './migrations/0160_snap_qris_refunds';
import * as secondFactors from './migrations/0165_second_factors';
import * as sessionSecurity from './migrations/0170_session_security';
import * as apiKeys from './migrations/0171_api_keys';
import * as approvals from './migrations/0175_approvals';
import * as staffReauth from './migrations/0190_staff_reauth';
import * as payoutSchedules from './migrations/0195_payout_schedules';
import * as beneficiaryBook from './migrations/0200_beneficiary_book';
import * as events from './migrations/0205_events';
import * as webhookConsole from './migrations/0210_webhook_console';
import * as reconciliation from './migrations/0215_reconciliation';
import * as scheduledBulk from './migrations/0220_scheduled_bulk';
import * as nameHoldExpiry from './migrations/0225_name_hold_expiry';
import * as scheduleBalanceAlerts from './migrations/0230_schedule_balance_alerts';
import * as statements from './migrations/0235_statements';
import * as reconSummaryMails from './migrations/0240_recon_summary_mails';
import * as scheduledRemittance from './migrations/0250_scheduled_remittance';
import * as providerReconciliation from './migrations/0260_provider_reconciliation';
import * as scheduleRunsNameHold from './migrations/0275_schedule_runs_name_hold';
import * as eventsWithoutNotify from './migrations/0276_events_without_notify';
import * as transactionIdBlocks from './migrations/0277_transaction_id_blocks';
import * as callbacksDueOrder from './migrations/0278_callbacks_due_order';

/**
 * Migrations are listed here in order (no directory scanning, so bundling and tests see the same
 * list). Add one line per new migration file; never edit a released migration.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_permissions': permissionsSeed,
  '0003_transactions': transactions,
  '0008_instance_secrets': instanceSecrets,
  '0010_ledger': ledger,
  '0020_account_profiles': accountProfiles,
  '0030_withdraw': withdraw,
  '0031_withdraw_rail_safety': withdrawRailSafety,
  '0040_deposits': deposits,
  '0041_virtual_accounts': virtualAccounts,
  '0042_settlement': settlement,
  '0043_callbacks': callbacks,
  '0044_exports': exportJobs,
  '0045_bulk_transfer': bulkTransfer,
  '0046_transfer_orders': transferOrders,
  '0047_aggregator': aggregator,
  '0048_advance_funds': advanceFunds,
  '0049_nmid': nmid,
  '0060_news': news,
  '0061_guess_budgets': guessBudgets,
  '0065_payins': payins,
  '0066_settlement_runs': settlementRuns,
  '0070_topup_open_deposits': topupOpenDeposits,
  '0075_bulk_va': bulkVa,
  '0080_payouts': payouts,
  '0085_deposit_returns': depositReturns,
  '0090_credentials': credentials,
  '0095_callback_delivery': callbackDelivery,
  '0096_callback_sink': callbackSink,
  '0100_transfer_order_lines': transferOrderLines,
  '0101_transfer_vouchers': transferVouchers,
  '0102_inquiry_use': inquiryUse,
  '0103_expected_transfer_totals': expectedTransferTotals,
  '0104_transfer_order_cancel': transferOrderCancel,
  '0105_transaction_descriptions': transactionDescriptions,
  '0115_transaction_day_counts': transactionDayCounts,
  '0116_transaction_filter_indexes': transactionFilterIndexes,
  '0117_drop_transaction_day_counts': dropTransactionDayCounts,
  '0120_request_payments': requestPayments,
  '0125_bulk_transfer_run': bulkTransferRun,
  '0126_bulk_inquiry_rows': bulkInquiryRows,
  '0130_remittance': remittance,
  '0135_advance_funds_review': advanceFundsReview,
  '0136_nmid_review': nmidReview,
  '0140_console': consoleStaff,
  '0141_signup': signup,
  '0145_snap': snap,
  '0150_otp_challenges': otpChallenges,
  '0155_product_charges': productCharges,
  '0160_snap_qris_refunds': snapQrisRefunds,
  '0165_second_factors': secondFactors,
  '0170_session_security': sessionSecurity,
  '0171_api_keys': apiKeys,
  '0175_approvals': approvals,
  '0190_staff_reauth': staffReauth,
  '0195_payout_schedules': payoutSchedules,
  '0200_beneficiary_book': beneficiaryBook,
  '0205_events': events,
  '0210_webhook_console': webhookConsole,
  '0215_reconciliation': reconciliation,
  '0220_scheduled_bulk': scheduledBulk,
  '0225_name_hold_expiry': nameHoldExpiry,
  '0230_schedule_balance_alerts': scheduleBalanceAlerts,
  '0235_statements': statements,
  '0240_recon_summary_mails': reconSummaryMails,
  '0250_scheduled_remittance': scheduledRemittance,
  '0260_provider_reconciliation': providerReconciliation,
  '0275_schedule_runs_name_hold': scheduleRunsNameHold,
  '0276_events_without_notify': eventsWithoutNotify,
  '0277_transaction_id_blocks': transactionIdBlocks,
  '0278_callbacks_due_order': callbacksDueOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Areas own numbered ranges (docs/architecture.md), so parallel work may land out of order.
const migratorOf = (db: Kysely<any>) =>
  new Migrator({ db, provider, allowUnorderedMigrations: true });

/** Our lock around the whole migration: one starting process migrates, the others wait. */
const MIGRATION_XACT_LOCK = 31_013;

/**
 * A start with nothing to migrate (most of them) reads the migration table once instead of
 * running Kysely's migrator (its table checks, locks and a transaction: ~0.7 s on PGlite). A name
 * is recorded in the transaction that ran its migration, so a recorded one is committed.
 */
async function everyMigrationRecorded(db: Kysely<any>): Promise<boolean> {
  const table = await sql<{ exists: boolean }>`
    select to_regclass('kysely_migration') is not null as exists`.execute(db);
  if (!table.rows[0]?.exists) return false;
  const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(recorded.rows.map((row) => row.name));
  return Object.keys(migrations).every((name) => names.has(name));
}

/**
 * Kysely's migrator takes a session-level advisory lock, migrates in a transaction, then unlocks:
 * steps that PgBouncer in transaction mode may send to different server connections (the lock
 * would stay behind on one). So everything runs in ONE transaction opened on one connection —
 * one server connection behind PgBouncer (ADR 013): a transaction-level lock that serialises
 * starting processes until the commit (Kysely's own unlock comes before it), Kysely's lock and
 * migrations, the commit. A failed migration rolls back to a savepoint and releases Kysely's
 * session lock in the same transaction, so none stays on a pooled connection. Kysely's
 * bookkeeping tables are made before, outside it, as Kysely makes them.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  if (await everyMigrationRecorded(db)) return;
  await migratorOf(db).getMigrations();
  await db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_XACT_LOCK)})`.execute(conn);
      await sql`savepoint before_migrations`.execute(conn);
      const migrator = new Migrator({
        db: conn,
        provider,
        allowUnorderedMigrations: true,
        disableTransactions: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        await sql`rollback to savepoint before_migrations`.execute(conn);
        await sql`select pg_advisory_unlock_all()`.execute(conn);
        throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
      }
      await sql`commit`.execute(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}

/** Runs the migrations up to and including `name` (tests of a migration that moves data). */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await migratorOf(db).migrateTo(name);
  if (error) throw new Error(`migration to ${name} failed: ${String(error)}`);
}
