import {
  type Account,
  checkInvariants,
  isTransferOk,
  Ledger,
  type TransferInput,
} from '@gerbang/ledger';
import { wibDate, wibDayStart } from '@gerbang/shared';
import { TOPUP_LIMITS } from '@gerbang/shared/contract/topup';
import { findTransferChannel } from '@gerbang/shared/contract/transfer';
import { findBank } from '@gerbang/shared/domain/banks';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../http/services';
import { AGGREGATOR_SHARE, payinShare } from '../modules/aggregator/shares';
import type { DisbursementDetailsTable } from '../modules/bulk-transfer/tables';
import { type CallbackInput, callbackRow } from '../modules/callbacks/queue';
import type { CallbacksTable } from '../modules/callbacks/tables';
import { matchedTopupRows, transferInput } from '../modules/payins/bank-transfer';
import { PAID_CLOSE_VA, paidCode, payinRows } from '../modules/payins/book';
import { payinTransactionId } from '../modules/payins/ids';
import {
  DEFAULT_EXPIRY_MS,
  type IssueVaInput,
  payinCodeRow,
  unpaidBillRow,
  vaNumberFor,
  virtualAccountRow,
} from '../modules/payins/issue';
import { ACCOUNT } from '../modules/payins/ledger';
import { type PayinPricingRow, priceFrom } from '../modules/payins/pricing';
import { qrisMerchantFor, qrisPayloadFor } from '../modules/payins/qris-merchant';
import { receiptRow } from '../modules/payins/receive';
import {
  type ClaimedHold,
  claimedHold,
  groupHolds,
  settlementCompletion,
  settlementRow,
} from '../modules/payins/settlement';
import type { PayinCodesTable, PayinReceiptsTable } from '../modules/payins/tables';
import { codeTarget, type PayinTarget, vaTarget } from '../modules/payins/targets';
import type { IncomingHoldsTable, SettlementsTable } from '../modules/settlement/tables';
import { depositId, depositRow, EXPIRED_DEPOSIT } from '../modules/topup/deposits';
import { RECEIVING_ACCOUNTS } from '../modules/topup/receiving-accounts';
import type { DepositsTable } from '../modules/topup/tables';
import { describedColumns } from '../modules/transactions/descriptions';
import type { TransactionsTable } from '../modules/transactions/tables';
import { transferOrderRow } from '../modules/transfer/rows';
import type { TransferOrderStatus, TransferOrdersTable } from '../modules/transfer/tables';
import type {
  VaBillsTable,
  VaRequestsTable,
  VirtualAccountsTable,
} from '../modules/virtual-account/tables';
import type { InboundPaymentNotification } from '../rails';

/**
 * Ninety days of demo history for the demo agents, written the way the features write it: every
 * rupiah through the ledger's public API (with explicit booking times spread over the days), and
 * the business rows the data pages read in the same database transaction. Deterministic (a fixed
 * random seed per agent) and idempotent (an audit-log marker; the whole seed is one transaction).
 *
 * The pay-in history is written by the pay-in and top-up blocks' own pure row builders, the ones
 * their live service functions insert (issue: virtualAccountRow, unpaidBillRow, payinCodeRow;
 * receive/book: payinRows, receiptRow; settlement: settlementRow, settlementCompletion; top-up:
 * depositRow, matchedTopupRows), in bulk. This file only decides what happened when: which VA or
 * QRIS was paid, how much, at what time, and when the settlement job ran. Still written here:
 * callback delivery outcomes (no sender yet), the aggregators' revenue shares (booked at payment
 * time here; the live settlement job books them on settlement, aggregator/shares.ts, and skips
 * pay-ins that already have their fee row) and their monthly payout, and the withdraw,
 * transfer-order, bulk-transfer and bulk-VA-request history.
 */

const MARKER = 'demo_history_seeded';
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const ENV = 'production' as const;

/** Fees the demo applies (whole rupiah); pay-in fees come from the channel pricing. */
const FEE = {
  withdraw: 2_500,
  transferOrder: 3_500,
} as const;

const VA_BANKS = ['014', '008', '009', '002', '022', '013', '011'];
const DEST_BANKS = ['014', '008', '009', '002', '022', '451', '542', '535', '213', '016'];
const FIRST = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rudi',
  'Sri',
  'Andi',
  'Rina',
  'Joko',
  'Wati',
  'Hendra',
  'Yuni',
  'Fajar',
  'Indah',
  'Bayu',
  'Lestari',
  'Dimas',
  'Putri',
  'Eko',
  'Ratna',
  'Arief',
  'Nurul',
  'Teguh',
  'Maya',
  'Gilang',
  'Ayu',
  'Irfan',
  'Kartika',
  'Wahyu',
  'Fitri',
];
const LAST = [
  'Santoso',
  'Wijaya',
  'Hartono',
  'Rahmawati',
  'Saputra',
  'Kusuma',
  'Setiawan',
  'Lestari',
  'Pratama',
  'Nugroho',
  'Hidayat',
  'Siregar',
  'Simanjuntak',
  'Utami',
  'Wibowo',
  'Gunawan',
  'Harahap',
  'Maharani',
  'Permana',
  'Suryadi',
];
const SHOPS = [
  'Toko Berkah Jaya',
  'CV Sinar Abadi',
  'UD Sumber Rejeki',
  'PT Maju Bersama',
  'Warung Bu Tini',
  'Toko Elektronik Cahaya',
  'Apotek Kimia Sehat',
  'Bengkel Motor Jaya',
  'Konveksi Sandang Indah',
  'Katering Nusantara',
  'Laundry Bersih Wangi',
  'Toko Bangunan Kokoh',
];

interface Profile {
  username: string;
  va: [number, number];
  qris: [number, number];
  withdraw: [number, number];
  /** A top-up every n days (0: none). */
  topupEvery: number;
  transferOrders: [number, number];
  disbursementEvery: number;
  callbackUrl: string | null;
  /** Payouts keep about this much available, so balances end in a realistic band. */
  reserve: number;
  vaReserved: number;
  bulkVa: boolean;
  requests: boolean;
}

const PROFILES: Profile[] = [
  {
    username: 'partner@demo.id',
    va: [2, 5],
    qris: [1, 4],
    withdraw: [1, 2],
    topupEvery: 5,
    transferOrders: [0, 2],
    disbursementEvery: 6,
    callbackUrl: 'https://api.nusantaradigital.co.id/webhook/gerbang',
    reserve: 35_000_000,
    vaReserved: 14,
    bulkVa: true,
    requests: true,
  },
  {
    username: 'h2h@demo.id',
    va: [1, 3],
    qris: [0, 2],
    withdraw: [0, 1],
    topupEvery: 7,
    transferOrders: [0, 0],
    disbursementEvery: 0,
    callbackUrl: 'https://agusprasetyo.my.id/callback',
    reserve: 6_000_000,
    vaReserved: 4,
    bulkVa: false,
    requests: false,
  },
  {
    username: 'agent5@demo.id',
    va: [1, 3],
    qris: [1, 2],
    withdraw: [0, 1],
    topupEvery: 0,
    transferOrders: [0, 0],
    disbursementEvery: 0,
    callbackUrl: 'https://koperasihidayat.co.id/api/callback',
    reserve: 4_000_000,
    vaReserved: 3,
    bulkVa: false,
    requests: false,
  },
  {
    username: 'toko.makmur@demo.id',
    va: [1, 2],
    qris: [1, 4],
    withdraw: [0, 1],
    topupEvery: 0,
    transferOrders: [0, 0],
    disbursementEvery: 0,
    callbackUrl: 'https://tokomakmur.id/callback',
    reserve: 3_000_000,
    vaReserved: 2,
    bulkVa: false,
    requests: false,
  },
  {
    username: 'kopi.senja@demo.id',
    va: [0, 1],
    qris: [2, 5],
    withdraw: [0, 1],
    topupEvery: 0,
    transferOrders: [0, 0],
    disbursementEvery: 0,
    callbackUrl: 'https://kopisenja.id/api/gerbang',
    reserve: 2_000_000,
    vaReserved: 1,
    bulkVa: false,
    requests: false,
  },
  {
    username: 'apotek.sehat@demo.id',
    va: [1, 3],
    qris: [1, 3],
    withdraw: [0, 1],
    topupEvery: 0,
    transferOrders: [0, 0],
    disbursementEvery: 0,
    callbackUrl: 'https://apoteksehat.co.id/callback',
    reserve: 3_000_000,
    vaReserved: 2,
    bulkVa: false,
    requests: false,
  },
  {
    username: 'enduser@demo.id',
    va: [0, 0],
    qris: [0, 0],
    withdraw: [0, 0],
    topupEvery: 0,
    transferOrders: [0, 2],
    disbursementEvery: 0,
    callbackUrl: null,
    reserve: 0,
    vaReserved: 0,
    bulkVa: false,
    requests: false,
  },
];

/** mulberry32: a small deterministic generator, so every demo start writes the same history. */
function randomFor(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof randomFor>;

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const bankName = (code: string) => findBank(code)?.namabank ?? code;

/** A payment-shaped amount: mostly small, sometimes large (log-uniform), rounded like real bills. */
function amountBetween(random: Random, min: number, max: number, step: number): number {
  const value = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
  return roundTo(value, step);
}

function personName(random: Random): string {
  return `${random.pick(FIRST)} ${random.pick(LAST)}`;
}

interface AgentInfo {
  id: number;
  userId: number;
  username: string;
  name: string;
  aggregatorId: number | null;
}

/** One ledger chain (linked transfers) booked at one instant. */
interface Posting {
  at: Date;
  transfers: TransferInput[];
}

interface Seeded {
  transactions: Insertable<TransactionsTable>[];
  /** `plan`: claimed by the settlement job (due), and when it completed (null: still in process). */
  holds: Array<Insertable<IncomingHoldsTable> & { plan: { completeAt: Date | null } | null }>;
  callbacks: Insertable<CallbacksTable>[];
  callbackUrls: Map<number, string>;
  payinCodes: Insertable<PayinCodesTable>[];
  receipts: Insertable<PayinReceiptsTable>[];
  deposits: Insertable<DepositsTable>[];
  vaBills: Insertable<VaBillsTable>[];
  vaAccounts: Insertable<VirtualAccountsTable>[];
  vaRequests: Insertable<VaRequestsTable>[];
  orders: Insertable<TransferOrdersTable>[];
  groups: Array<{
    key: string;
    row: Insertable<Database['disbursement_groups']>;
    details: Insertable<DisbursementDetailsTable>[];
  }>;
  fees: Insertable<Database['aggregator_fees']>[];
  postings: Posting[];
}

class AccountBook {
  constructor(private readonly byKey: Map<string, Account>) {}
  id(kind: string, agentId: number | null = null, subkey = ''): number {
    const account = this.byKey.get(`${kind}|${agentId ?? ''}|${subkey}`);
    if (!account) throw new Error(`seed account missing: ${kind} ${agentId ?? ''} ${subkey}`);
    return account.id;
  }
}

async function openAccounts(
  ledger: Ledger,
  trx: Kysely<Database>,
  agents: AgentInfo[],
): Promise<AccountBook> {
  const specs: Array<{ kind: string; agentId: number | null; subkey: string }> = [
    { kind: ACCOUNT.fees, agentId: null, subkey: '' },
  ];
  for (const code of [
    ...new Set([...VA_BANKS, ...DEST_BANKS, ...RECEIVING_ACCOUNTS.map((a) => a.kodebank)]),
  ]) {
    specs.push({ kind: ACCOUNT.clearing, agentId: null, subkey: code });
    specs.push({ kind: 'rail_clearing', agentId: null, subkey: code });
  }
  specs.push({ kind: ACCOUNT.clearing, agentId: null, subkey: 'QRIS' });
  for (const agent of agents) {
    specs.push({ kind: ACCOUNT.available, agentId: agent.id, subkey: '' });
    specs.push({ kind: ACCOUNT.held, agentId: agent.id, subkey: '' });
    if (agent.aggregatorId !== null) {
      specs.push({ kind: 'aggregator_share', agentId: agent.aggregatorId, subkey: '' });
      specs.push({ kind: ACCOUNT.available, agentId: agent.aggregatorId, subkey: '' });
    }
  }
  const unique = [
    ...new Map(specs.map((s) => [`${s.kind}|${s.agentId ?? ''}|${s.subkey}`, s])).values(),
  ];
  const accounts = await ledger.ensureAccounts(
    unique.map((s) => ({ kind: s.kind, agentId: s.agentId, subkey: s.subkey, environment: ENV })),
    { trx },
  );
  const byKey = new Map<string, Account>();
  unique.forEach((s, i) => {
    const account = accounts[i];
    if (account) byKey.set(`${s.kind}|${s.agentId ?? ''}|${s.subkey}`, account);
  });
  return new AccountBook(byKey);
}

/** Instants of `count` events on a WIB day, between 07:00 and 22:00 and before `now`. */
/**
 * When the demo history says a settlement due on `settleDay` was sent. A batch is "in process" from
 * the start of its settlement date until then. The banks' 23:00–06:00 WIB downtime holds transfers,
 * so VA batches go out at 06:30 of their date and QRIS batches (settled through the QRIS switch's
 * evening file) at 06:15 the next morning. So on a business day, whatever the hour, some batch
 * dated today is in process: VA ones until 06:30, QRIS ones all day.
 */
function settlementCompletedAt(kind: 'VA' | 'QRIS', settleDay: string): Date {
  const start = wibDayStart(settleDay).getTime();
  return new Date(kind === 'VA' ? start + 6.5 * 3_600_000 : start + DAY_MS + 6.25 * 3_600_000);
}

/**
 * What happened `ms` after `at`, but never after now: an event seeded a minute after midnight has
 * its follow-ups (payment, completion, callback) squeezed in before now rather than in the future.
 */
function followUp(at: Date, ms: number, now: Date): Date {
  return new Date(Math.max(at.getTime(), Math.min(at.getTime() + ms, now.getTime() - 1_000)));
}

/** Transfers booked at `at` (the seed books history; live flows book at the clock). */
function bookedAt(transfers: TransferInput[], at: Date): TransferInput[] {
  return transfers.map((t) => ({ ...t, createdAt: at }));
}

function timesOnDay(random: Random, day: string, count: number, now: Date): Date[] {
  const start = wibDayStart(day).getTime();
  let from = start + 7 * 3_600_000;
  let to = Math.min(start + 22 * 3_600_000, now.getTime() - 2 * MINUTE_MS);
  if (to <= from) {
    // Early in today's WIB day: squeeze today's events between midnight and now, never later
    // than now (a row in the future would show on no page and break "today" counts).
    from = start;
    to = Math.max(start, now.getTime() - 1_000);
  }
  return Array.from(
    { length: count },
    () => new Date(from + Math.floor(random.next() * (to - from))),
  ).sort((a, b) => a.getTime() - b.getTime());
}

function generate(
  agents: AgentInfo[],
  book: AccountBook,
  prices: Map<string, PayinPricingRow>,
  now: Date,
  days: number,
): Seeded {
  const out: Seeded = {
    transactions: [],
    holds: [],
    callbacks: [],
    callbackUrls: new Map(),
    payinCodes: [],
    receipts: [],
    deposits: [],
    vaBills: [],
    vaAccounts: [],
    vaRequests: [],
    orders: [],
    groups: [],
    fees: [],
    postings: [],
  };
  const today = wibDate(now);
  const feeRevenue = book.id(ACCOUNT.fees);

  for (const profile of PROFILES) {
    const agent = agents.find((a) => a.username === profile.username);
    if (!agent) continue;
    const random = randomFor(agent.id * 7919 + 17);
    const available = book.id(ACCOUNT.available, agent.id);
    const held = book.id(ACCOUNT.held, agent.id);
    const aggregatorShare =
      agent.aggregatorId !== null ? book.id('aggregator_share', agent.aggregatorId) : null;
    let sequence = 0;
    const trxId = (at: Date) =>
      `TRX${wibDate(at).replace(/-/g, '').slice(2)}${pad(agent.id, 3)}${pad(++sequence, 5)}`;

    /** Money the merchant can spend, in booking order: withdrawals never overdraw it. */
    const cash: Array<{ at: number; amount: number }> = [];
    const spendable = (at: number) =>
      cash.filter((c) => c.at <= at).reduce((sum, c) => sum + c.amount, 0);

    const owner = { agentId: agent.id, environment: ENV };
    const merchant = qrisMerchantFor(agent.id, { name: agent.name });
    if (profile.callbackUrl) out.callbackUrls.set(agent.id, profile.callbackUrl);
    let payinSerial = 0;
    let vaSerial = 0;
    let codeSerial = 0;
    let depositSerial = 0;
    /** Unpaid close-VA bills by VA number: paying the VA pays this bill (as writeVaBill does). */
    const openBills = new Map<string, Insertable<VaBillsTable>>();
    const vaRows = new Map<string, Insertable<VirtualAccountsTable>>();

    /** Issues a VA at `at` with the pay-in block's rows; answers what paying it pays. */
    const issueVa = (item: Omit<IssueVaInput, 'customerId'>, customerId: string, at: Date) => {
      const vaNumber = vaNumberFor(owner, item.bankCode, customerId);
      const row = virtualAccountRow({
        owner,
        ownerName: agent.name,
        item,
        customerRef: customerId,
        vaNumber,
        now: at,
      });
      out.vaAccounts.push(row);
      vaRows.set(vaNumber, row);
      const bill = unpaidBillRow({ owner, item, vaNumber, now: at });
      if (bill) {
        out.vaBills.push(bill);
        openBills.set(vaNumber, bill);
      }
      return vaTarget({ ...row, id: 0 } as Parameters<typeof vaTarget>[0]);
    };

    /**
     * Books a checked payment the way receivePayment → bookHeldPayment does (payinRows: ledger
     * chain, cash-in transaction, hold, VA bill, callback; receiptRow), at `paidAt`. Answers our
     * transaction id, or null where the live flow would refuse it (disrupted, amount ≤ fee).
     */
    const pay = (
      target: PayinTarget,
      channel: 'VA' | 'QRIS',
      paidTo: string,
      amount: number,
      paidAt: Date,
    ): string | null => {
      const catalog = findPayinChannel(target.channelCode);
      if (!catalog) throw new Error(`seed: unknown channel ${target.channelCode}`);
      const price = priceFrom(catalog, prices.get(`${agent.id}|${catalog.productCode}`), amount);
      if (price.disrupted || amount <= price.fee) return null;
      payinSerial += 1;
      const idTransaksi = payinTransactionId(
        paidAt,
        (agent.id % 100) * 10_000 + (payinSerial % 10_000),
      );
      const n: InboundPaymentNotification = {
        environment: ENV,
        channel,
        railReference: `RR${pad(agent.id, 4)}${pad(payinSerial, 8)}`,
        paidTo,
        amount,
        paidAt,
      };
      const accounts = {
        clearing: book.id(ACCOUNT.clearing, null, catalog.clearingSubkey),
        held,
        fees: feeRevenue,
      };
      const rows = payinRows({ target, price, n, idTransaksi, now: paidAt, accounts });
      out.postings.push({ at: paidAt, transfers: bookedAt(rows.postings, paidAt) });
      out.transactions.push(rows.transaction);
      out.receipts.push(receiptRow(n, paidAt, { idTransaksi, agentId: agent.id, outcome: 'held' }));
      if (rows.vaBill && target.va) {
        const bill = target.va.billType === 'close' ? openBills.get(target.va.number) : undefined;
        if (bill) {
          Object.assign(bill, rows.vaBill.paid);
          openBills.delete(target.va.number);
        } else {
          out.vaBills.push(rows.vaBill.row);
        }
        const va = vaRows.get(target.va.number);
        if (va && target.va.billType === 'close') Object.assign(va, PAID_CLOSE_VA);
      }
      // When the settlement job moves it to available (the batch timeline of the demo).
      const settleDay = String(rows.hold.date_settlement);
      const settleAt = settlementCompletedAt(catalog.kind === 'VA' ? 'VA' : 'QRIS', settleDay);
      const settled = settleAt.getTime() <= now.getTime() - MINUTE_MS;
      if (settled) cash.push({ at: settleAt.getTime(), amount: amount - price.fee });
      // Due (settlement date reached) but not yet sent: claimed, shown on the "in process" page.
      const due = settled || settleDay <= today;
      out.holds.push({
        ...rows.hold,
        plan: due ? { completeAt: settled ? settleAt : null } : null,
      });
      out.callbacks.push(
        delivered(callbackRow(paidAt, rows.callback), random, profile.callbackUrl, now),
      );
      if (agent.aggregatorId !== null && aggregatorShare !== null) {
        const share = payinShare(catalog.kind, amount);
        out.fees.push({
          agent_id: agent.aggregatorId,
          member_agent_id: agent.id,
          environment: ENV,
          id_transaksi: idTransaksi,
          fee_type: 'VA',
          fee_date: wibDate(paidAt),
          nominal: amount,
          fee: share,
          ledger_transfer_id: `demo:share:${idTransaksi}`,
          created_at: paidAt,
        });
        out.postings.push({
          at: paidAt,
          transfers: [
            {
              id: `demo:share:${idTransaksi}`,
              debitAccountId: feeRevenue,
              creditAccountId: aggregatorShare,
              amount: share,
              kind: 'aggregator_share',
              reference: idTransaksi,
              description: `Revenue share ${agent.name}`,
              createdAt: paidAt,
            },
          ],
        });
      }
      return idTransaksi;
    };

    /** A dynamic QRIS issued a few minutes before `paidAt` (payinCodeRow) and paid then. */
    const payQris = (amount: number, paidAt: Date, partnerReff: string) => {
      const code = `QR${pad(agent.id, 4)}${pad(++codeSerial, 10)}`;
      const issuedAt = new Date(
        Math.max(
          wibDayStart(wibDate(paidAt)).getTime(),
          paidAt.getTime() - random.int(1, 10) * MINUTE_MS,
        ),
      );
      const payload = qrisPayloadFor(merchant, amount, code);
      const row = payinCodeRow({
        owner,
        kind: 'QRIS',
        channelCode: 'QRIS',
        code,
        payload,
        item: { channelCode: 'QRIS', amount, customerName: personName(random), partnerReff },
        expiresAt: new Date(issuedAt.getTime() + DEFAULT_EXPIRY_MS.QRIS),
        now: issuedAt,
      });
      out.payinCodes.push(row);
      const target = codeTarget(
        {
          ...row,
          id: 0,
          customer_name: row.customer_name ?? '',
          partner_reff: row.partner_reff ?? null,
        },
        merchant.nmid,
      );
      const id = pay(target, 'QRIS', payload, amount, paidAt);
      if (id) Object.assign(row, paidCode({ paidAt }, id));
    };

    // Issued (reserved) VAs for regular customers, before the history starts: open ones take the
    // customers' payments; every fourth is a close VA whose bill was never paid.
    const customerVas = Array.from({ length: profile.vaReserved }, (_, i) => {
      const close = i % 4 === 3;
      const created = new Date(now.getTime() - (days + random.int(1, 60)) * DAY_MS);
      const target = issueVa(
        {
          bankCode: VA_BANKS[i % VA_BANKS.length] as string,
          kind: close ? 'close' : 'open',
          customerName: i % 3 === 0 ? random.pick(SHOPS) : personName(random),
          partnerReff: `REF-${pad(agent.id, 3)}${pad(i + 1, 4)}`,
          amount: close ? roundTo(random.int(100_000, 900_000), 5_000) : undefined,
          expiresAt: close ? new Date(created.getTime() + 30 * DAY_MS) : undefined,
        },
        pad(i + 1, 5),
        created,
      );
      return { close, target };
    });
    const openVas = customerVas.filter((v) => !v.close).map((v) => v.target);

    for (let d = days - 1; d >= 0; d--) {
      const day = wibDate(new Date(now.getTime() - d * DAY_MS));
      const isToday = day === today;
      const invoice = () =>
        `INV/${day.replace(/-/g, '').slice(2)}/${pad(random.int(1, 99_999), 5)}`;

      // Manual top-ups (topup/deposits depositRow), matched by the incoming bank transfer of the
      // exact total (payins/bank-transfer matchedTopupRows); unpaid ones expire after 3 hours.
      if (profile.topupEvery > 0 && (d % profile.topupEvery === 0 || isToday)) {
        const [at] = timesOnDay(random, day, 1, now);
        if (at) {
          const account = random.pick(RECEIVING_ACCOUNTS);
          const nominal = roundTo(random.int(5_000_000, 20_000_000), 100_000);
          const uniqueCode = random.int(TOPUP_LIMITS.uniqueCodeMin, TOPUP_LIMITS.uniqueCodeMax);
          const idDeposit = depositId(at, agent.id, ++depositSerial);
          const actor = {
            agentId: agent.id,
            userId: agent.userId,
            username: agent.username,
            environment: ENV,
          };
          const deposit = depositRow({ idDeposit, actor, account, nominal, uniqueCode, now: at });
          out.deposits.push(deposit);
          if (!isToday && !random.chance(0.1)) {
            const paidAt = followUp(at, random.int(3, 40) * MINUTE_MS, now);
            const n: InboundPaymentNotification = {
              environment: ENV,
              channel: 'BANK_TRANSFER',
              railReference: `TF${pad(agent.id, 4)}${pad(depositSerial, 8)}`,
              paidTo: account.norekening,
              amount: nominal + uniqueCode,
              paidAt,
            };
            const rows = matchedTopupRows({
              deposit: {
                id_deposit: idDeposit,
                agent_id: agent.id,
                user_id: agent.userId,
                username: agent.username,
                norekening: account.norekening,
                kodebank: account.kodebank,
                namabank: account.namabank,
              },
              n,
              now: paidAt,
              accounts: { clearing: book.id(ACCOUNT.clearing, null, account.kodebank), available },
            });
            Object.assign(deposit, rows.deposit);
            out.postings.push({
              at: paidAt,
              transfers: bookedAt([transferInput(rows.transfer)], paidAt),
            });
            out.transactions.push(rows.transaction);
            out.receipts.push(
              receiptRow(n, paidAt, {
                idTransaksi: idDeposit,
                agentId: agent.id,
                outcome: 'available',
              }),
            );
            out.callbacks.push(
              delivered(callbackRow(paidAt, rows.callback), random, profile.callbackUrl, now),
            );
            cash.push({ at: paidAt.getTime(), amount: n.amount });
          } else if (new Date(deposit.expired_at as Date).getTime() <= now.getTime()) {
            // The expiry job (topup/deposits expireDeposits) has closed it.
            Object.assign(deposit, EXPIRED_DEPOSIT);
          }
        }
      }

      // Incoming VA and QRIS payments: held until their settlement date, then settled.
      const incoming = [
        ...Array.from(
          { length: openVas.length > 0 ? random.int(...profile.va) : 0 },
          () => 'VA' as const,
        ),
        ...Array.from({ length: random.int(...profile.qris) }, () => 'QRIS' as const),
      ];
      const incomingTimes = timesOnDay(random, day, incoming.length, now);
      incoming.forEach((kind, i) => {
        const at = incomingTimes[i] as Date;
        if (kind === 'VA') {
          const target = random.pick(openVas);
          const amount = amountBetween(random, 50_000, 2_500_000, 500);
          pay(target, 'VA', target.va?.number ?? '', amount, at);
        } else {
          payQris(amountBetween(random, 8_000, 350_000, 500), at, invoice());
        }
      });

      // A close VA (one bill of a fixed amount, 24 hours to pay) on some days, paid or not, and
      // always today: the reserved-VA page opens on today and must not greet the demo empty.
      if (profile.va[1] > 0 && (isToday || random.chance(0.5))) {
        const [at] = timesOnDay(random, day, 1, now);
        if (at) {
          const amount = amountBetween(random, 50_000, 1_500_000, 1_000);
          const target = issueVa(
            {
              bankCode: random.pick(VA_BANKS),
              kind: 'close',
              customerName: personName(random),
              partnerReff: invoice(),
              amount,
              expiresAt: new Date(at.getTime() + DAY_MS),
            },
            pad(100 + ++vaSerial, 5),
            at,
          );
          if (!isToday && random.chance(0.5)) {
            const paidAt = followUp(at, random.int(5, 600) * MINUTE_MS, now);
            pay(target, 'VA', target.va?.number ?? '', amount, paidAt);
          }
        }
      }

      // Withdrawals: debit available → the destination bank's rail clearing, plus the admin fee.
      const withdrawals = random.int(...profile.withdraw);
      for (const at of timesOnDay(random, day, withdrawals, now)) {
        // Merchants sweep part of what they can spend, so balances stay in a realistic band.
        const balanceNow = spendable(at.getTime());
        const room = balanceNow - profile.reserve;
        // A few payouts still fail at the bank (inactive account) or for lack of funds.
        if (room < 1_000_000 && !random.chance(0.05)) continue;
        const amount = Math.min(
          roundTo(Math.max(room, 500_000) * (0.3 + random.next() * 0.5), 50_000),
          100_000_000,
        );
        const dest = random.pick(DEST_BANKS);
        const holder = personName(random).toUpperCase();
        const id = trxId(at);
        const enough = balanceNow >= amount + FEE.withdraw;
        const failed = !enough || random.chance(0.05);
        out.transactions.push({
          id_transaksi: id,
          agent_id: agent.id,
          environment: ENV,
          user_id: agent.userId,
          kind: 'WITHDRAW',
          jenis_produk: 'TRANSFER',
          jenis_trx: 'CASH OUT',
          jenis_transaksi: 1,
          status_trx: failed ? 'FAILED' : 'SUCCESS',
          time_request: at,
          transaction_date: day,
          time_completed: followUp(at, random.int(5, 90) * 1000, now),
          invoicenumberext: `WD${id.slice(3)}`,
          nopelanggan1: `${random.int(100_000_000, 999_999_999)}${random.int(0, 9)}`,
          id_produk: 'TRANSFERBANK',
          nama_produk: 'Transfer Bank',
          nama_channel: 'BI-FAST',
          kodebank: dest,
          namabank: bankName(dest),
          customername: holder,
          nominal_origin: amount,
          nominal_admin: FEE.withdraw,
          response_code: failed ? (enough ? '68' : '51') : '00',
          responsebiller: failed
            ? enough
              ? 'Rekening tujuan tidak aktif'
              : 'Saldo tidak mencukupi'
            : 'SUCCESS',
          ...describedColumns(failed ? 'descriptions.failed' : 'descriptions.withdraw'),
          is_void: failed ? null : 'Debited',
          ledger_transfer_id: failed ? null : `demo:wd:${id}`,
          created_at: at,
          updated_at: at,
        });
        if (!failed) {
          out.postings.push({
            at,
            transfers: [
              {
                id: `demo:wd:${id}`,
                debitAccountId: available,
                creditAccountId: book.id('rail_clearing', null, dest),
                amount,
                kind: 'withdraw',
                reference: id,
                description: `Tarik saldo ke ${bankName(dest)} ${holder}`,
                createdAt: at,
                flags: { linked: true },
              },
              {
                id: `demo:wd-fee:${id}`,
                debitAccountId: available,
                creditAccountId: feeRevenue,
                amount: FEE.withdraw,
                kind: 'withdraw_fee',
                reference: id,
                description: 'Biaya admin tarik saldo',
                createdAt: at,
              },
            ],
          });
          cash.push({ at: at.getTime(), amount: -(amount + FEE.withdraw) });
          if (agent.aggregatorId !== null && aggregatorShare !== null) {
            out.fees.push({
              agent_id: agent.aggregatorId,
              member_agent_id: agent.id,
              environment: ENV,
              id_transaksi: id,
              fee_type: 'TRF',
              fee_date: day,
              nominal: amount,
              fee: AGGREGATOR_SHARE.transfer,
              ledger_transfer_id: `demo:share:${id}`,
              created_at: at,
            });
            out.postings.push({
              at,
              transfers: [
                {
                  id: `demo:share:${id}`,
                  debitAccountId: feeRevenue,
                  creditAccountId: aggregatorShare,
                  amount: AGGREGATOR_SHARE.transfer,
                  kind: 'aggregator_share',
                  reference: id,
                  description: `Revenue share ${agent.name}`,
                  createdAt: at,
                },
              ],
            });
          }
        }
        if (profile.callbackUrl)
          pushCallback(
            out,
            random,
            agent,
            profile.callbackUrl,
            id,
            at,
            'disbursement',
            amount,
            now,
          );
      }

      // Domestic transfer orders: paid by the sender's VA, sent on; they pass through clearing.
      // At least one today where the profile has any, so today's page is never empty by chance.
      const orderCount = Math.max(
        random.int(...profile.transferOrders),
        isToday && profile.transferOrders[1] > 0 ? 1 : 0,
      );
      for (const at of timesOnDay(random, day, orderCount, now)) {
        const amount = roundTo(amountBetween(random, 50_000, 5_000_000, 1_000), 1_000);
        const dest = random.pick(DEST_BANKS);
        const payBank = random.pick(VA_BANKS);
        const orderId = `TO${day.replace(/-/g, '').slice(2)}${pad(agent.id, 3)}${pad(++sequence, 5)}`;
        const expires = new Date(at.getTime() + 3 * 3_600_000);
        const roll = random.next();
        const status = isToday
          ? roll < 0.5
            ? 'NEW'
            : 'COMPLETED'
          : roll < 0.72
            ? 'COMPLETED'
            : roll < 0.8
              ? 'FAILED'
              : roll < 0.9
                ? 'NEW'
                : 'PROCESS_COMPLETED';
        const completed = status === 'COMPLETED' || status === 'PROCESS_COMPLETED';
        const id = completed ? trxId(at) : null;
        // The live builder (transfer/rows.ts): paid by a closed VA at the sender's bank.
        const accountName = personName(random).toUpperCase();
        const accountNumber = `${random.int(1_000_000_000, 9_999_999_999)}`;
        const channelDef = findTransferChannel(`VA${payBank}`);
        if (!channelDef) throw new Error(`no VA transfer channel for ${payBank}`);
        out.orders.push({
          ...transferOrderRow({
            id: orderId,
            agentId: agent.id,
            environment: ENV,
            userId: agent.userId,
            username: agent.username,
            clientKey: null,
            description: '',
            now: at,
            expiresAt: expires,
            first: { accountName, accountNumber, bankCode: dest, bankName: bankName(dest) },
            lineCount: 1,
            channel: { def: channelDef, adminFee: FEE.transferOrder, serviceFee: 0 },
            instrument: {
              payNumber: vaNumberFor(
                { agentId: agent.id, environment: ENV },
                payBank,
                orderId.slice(-5),
              ),
              payAccountName: agent.name,
              qrisPayload: null,
              uniqueAmount: 0,
            },
            money: {
              nominal: amount,
              voucherCode: '',
              voucherAmount: 0,
              total: amount + FEE.transferOrder,
            },
          }),
          created_date: day,
          status: status as TransferOrderStatus,
          id_transaksi: id,
          paid_at:
            status === 'NEW' || status === 'FAILED' ? null : followUp(at, 10 * MINUTE_MS, now),
          completed_at: status === 'COMPLETED' ? followUp(at, 12 * MINUTE_MS, now) : null,
        });
        if (completed && id) {
          const paidAt = followUp(at, 10 * MINUTE_MS, now);
          out.transactions.push({
            id_transaksi: id,
            agent_id: agent.id,
            environment: ENV,
            user_id: agent.userId,
            kind: 'TRANSFER',
            jenis_produk: 'TRANSFER',
            jenis_trx: 'CASH OUT',
            jenis_transaksi: 1,
            status_trx: status === 'COMPLETED' ? 'SUCCESS' : 'PROCESS',
            time_request: paidAt,
            transaction_date: wibDate(paidAt),
            time_completed: status === 'COMPLETED' ? paidAt : null,
            invoicenumberext: orderId,
            id_produk: 'TRANSFERBANK',
            nama_produk: 'Transfer Bank',
            nama_channel: 'BI-FAST',
            kodebank: dest,
            namabank: bankName(dest),
            customername: personName(random).toUpperCase(),
            nominal_origin: amount,
            nominal_admin: FEE.transferOrder,
            response_code: '00',
            responsebiller: 'SUCCESS',
            ...describedColumns('descriptions.domesticTransfer', { orderId }),
            ledger_transfer_id: `demo:order:${id}`,
            created_at: paidAt,
            updated_at: paidAt,
          });
          out.postings.push({
            at: paidAt,
            transfers: [
              {
                id: `demo:order:${id}`,
                debitAccountId: book.id('cash_in_clearing', null, payBank),
                creditAccountId: book.id('rail_clearing', null, dest),
                amount,
                kind: 'transfer_order',
                reference: id,
                description: `Transfer ${orderId}`,
                createdAt: paidAt,
                flags: { linked: true },
              },
              {
                id: `demo:order-fee:${id}`,
                debitAccountId: book.id('cash_in_clearing', null, payBank),
                creditAccountId: feeRevenue,
                amount: FEE.transferOrder,
                kind: 'transfer_fee',
                reference: id,
                description: `Fee ${orderId}`,
                createdAt: paidAt,
              },
            ],
          });
        }
      }

      // Bulk transfers: a group every few days (and today), rows paid out like withdrawals.
      if (profile.disbursementEvery > 0 && (d % profile.disbursementEvery === 1 || isToday)) {
        const [at] = timesOnDay(random, day, 1, now);
        if (at) {
          const key = `${agent.id}-${day}`;
          const rows = random.int(4, 10);
          const details: Insertable<DisbursementDetailsTable>[] = [];
          let total = 0;
          for (let r = 0; r < rows; r++) {
            const amount = roundTo(amountBetween(random, 100_000, 1_500_000, 25_000), 25_000);
            const dest = random.pick(DEST_BANKS);
            const holder = personName(random);
            const rowAt = followUp(at, (r + 1) * 20_000, now);
            const enough = spendable(rowAt.getTime()) >= amount + FEE.withdraw;
            const status = !enough || random.chance(0.07) ? 2 : 1;
            const id = status === 1 ? trxId(rowAt) : null;
            total += amount;
            details.push({
              group_id: 0,
              agent_id: agent.id,
              environment: ENV,
              customername: holder.toUpperCase(),
              phone: `08${random.int(11, 99)}${random.int(10_000_000, 99_999_999)}`,
              email: `${holder.toLowerCase().replace(/\s+/g, '.')}@mail.id`,
              kodebank: dest,
              namabank: bankName(dest),
              norekeningtujuan: `${random.int(1_000_000_000, 9_999_999_999)}`,
              nominal: amount,
              id_transaksi: id,
              payment_id: id ? `PAY${id.slice(3)}` : null,
              processed_time: rowAt,
              status,
              created_date: at,
              created_day: day,
            });
            if (id) {
              out.transactions.push({
                id_transaksi: id,
                agent_id: agent.id,
                environment: ENV,
                user_id: agent.userId,
                kind: 'TRANSFER',
                jenis_produk: 'TRANSFER',
                jenis_trx: 'CASH OUT',
                jenis_transaksi: 1,
                status_trx: 'SUCCESS',
                time_request: rowAt,
                transaction_date: day,
                time_completed: rowAt,
                invoicenumberext: `BULK-${key}`,
                id_produk: 'TRANSFERBANK',
                nama_produk: 'Transfer Bank',
                nama_channel: 'BI-FAST',
                kodebank: dest,
                namabank: bankName(dest),
                customername: holder.toUpperCase(),
                nominal_origin: amount,
                nominal_admin: FEE.withdraw,
                response_code: '00',
                responsebiller: 'SUCCESS',
                ...describedColumns('descriptions.bulkTransfer'),
                is_void: 'Debited',
                ledger_transfer_id: `demo:bulk:${id}`,
                created_at: rowAt,
                updated_at: rowAt,
              });
              out.postings.push({
                at: rowAt,
                transfers: [
                  {
                    id: `demo:bulk:${id}`,
                    debitAccountId: available,
                    creditAccountId: book.id('rail_clearing', null, dest),
                    amount,
                    kind: 'bulk_transfer',
                    reference: id,
                    description: `Bulk transfer ${holder.toUpperCase()}`,
                    createdAt: rowAt,
                    flags: { linked: true },
                  },
                  {
                    id: `demo:bulk-fee:${id}`,
                    debitAccountId: available,
                    creditAccountId: feeRevenue,
                    amount: FEE.withdraw,
                    kind: 'withdraw_fee',
                    reference: id,
                    description: 'Biaya admin bulk transfer',
                    createdAt: rowAt,
                  },
                ],
              });
              cash.push({ at: rowAt.getTime(), amount: -(amount + FEE.withdraw) });
            }
          }
          out.groups.push({
            key,
            row: {
              agent_id: agent.id,
              environment: ENV,
              user_id: agent.userId,
              group_name: `Gaji & Vendor ${day.slice(8, 10)}/${day.slice(5, 7)}`,
              group_desc: random.pick([
                'Pembayaran vendor mingguan',
                'Gaji karyawan harian',
                'Refund pelanggan',
                'Komisi mitra',
              ]),
              created_date: at,
              created_day: day,
              detail_count: rows,
              total_amount: total,
              uuid: `demo-bulk-${key}`,
            },
            details,
          });
        }
      }

      // Bulk VA requests (a batch on some days).
      if (profile.bulkVa && (d % 9 === 2 || isToday)) {
        const [at] = timesOnDay(random, day, 1, now);
        for (let r = 0; at && r < random.int(3, 8); r++) {
          const bank = random.pick(VA_BANKS);
          const name = personName(random);
          const status = isToday ? (r % 3 === 0 ? 0 : 1) : random.chance(0.9) ? 1 : 2;
          out.vaRequests.push({
            agent_id: agent.id,
            environment: ENV,
            user_id: agent.userId,
            username: agent.username,
            group_name: `Tagihan ${day}`,
            date_created: at,
            created_date: day,
            date_complete: status === 0 ? null : followUp(at, 40_000, now),
            amount: roundTo(random.int(100_000, 2_000_000), 5_000),
            partner_reff: `BVA-${day.replace(/-/g, '')}-${r + 1}`,
            customer_id: `BV${pad(agent.id, 3)}${pad(++sequence, 5)}`,
            customer_name: name,
            customer_phone: `08${random.int(11, 99)}${random.int(10_000_000, 99_999_999)}`,
            customer_email: `${name.toLowerCase().replace(/\s+/g, '.')}@mail.id`,
            nova: status === 1 ? `8${bank}${pad(agent.id, 3)}${pad(sequence, 6)}` : null,
            kodebank: bank,
            expired: new Date(at.getTime() + 7 * DAY_MS),
            status,
            bill_type: r % 3 === 0 ? 'open' : r % 3 === 1 ? 'close' : 'close_recurring',
            send_mail: r % 2 === 0,
            description: 'Tagihan bulanan',
          });
        }
      }
    }
  }

  // Aggregators are paid their revenue share of each finished month on the 1st (09:00 WIB).
  const shares = new Map<string, { aggregatorId: number; month: string; amount: number }>();
  for (const fee of out.fees) {
    const month = String(fee.fee_date).slice(0, 7);
    const key = `${fee.agent_id}|${month}`;
    const entry = shares.get(key) ?? { aggregatorId: Number(fee.agent_id), month, amount: 0 };
    entry.amount += Number(fee.fee);
    shares.set(key, entry);
  }
  for (const { aggregatorId, month, amount } of shares.values()) {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const nextMonth =
      monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${pad(monthNumber + 1, 2)}-01`;
    const payAt = new Date(wibDayStart(nextMonth).getTime() + 9 * 3_600_000);
    if (payAt.getTime() > now.getTime() || amount <= 0) continue;
    out.postings.push({
      at: payAt,
      transfers: [
        {
          id: `demo:share-payout:${aggregatorId}:${month}`,
          debitAccountId: book.id('aggregator_share', aggregatorId),
          creditAccountId: book.id('merchant_available', aggregatorId),
          amount,
          kind: 'revenue_share_payout',
          reference: `RS-${month.replace('-', '')}-${aggregatorId}`,
          description: `Bagi hasil mitra ${month}`,
          createdAt: payAt,
        },
      ],
    });
  }

  return out;
}

/** A withdraw-side callback (no live flow writes these in bulk yet): the queued row, delivered. */
function pushCallback(
  out: Seeded,
  random: Random,
  agent: AgentInfo,
  url: string,
  id: string,
  at: Date,
  type: string,
  amount: number,
  now: Date,
) {
  const created = followUp(at, random.int(1, 20) * 1000, now);
  const queued: CallbackInput = {
    agentId: agent.id,
    environment: ENV,
    idTransaksi: id,
    type,
    timeRequest: at,
    body: { id_transaksi: id, status: 'SUCCESS', amount },
  };
  out.callbacks.push(delivered(callbackRow(created, queued), random, url, now));
}

/**
 * What became of a past queued callback (modules/callbacks callbackRow). The history predates the
 * live sender (jobs/callbacks.ts), so the demo decides it: most were sent, some failed after
 * retries, the last few minutes' ones still wait (the sender picks those up on start). Agents
 * without a callback URL keep it queued.
 */
function delivered(
  row: Insertable<CallbacksTable>,
  random: Random,
  url: string | null,
  now: Date,
): Insertable<CallbacksTable> {
  if (!url) return row;
  const created = new Date(row.date_created as Date);
  const recent = now.getTime() - created.getTime() < 10 * MINUTE_MS;
  const failed = random.chance(0.08);
  const status = recent ? (random.chance(0.5) ? 0 : 3) : failed ? 2 : 1;
  return {
    ...row,
    url_callback: url,
    date_sent: status === 1 || status === 2 ? followUp(created, random.int(200, 4_000), now) : null,
    status_sent: status,
    response_raw:
      status === 1
        ? '{"rc":"00","rd":"OK"}'
        : status === 2
          ? random.pick([
              'HTTP 500 Internal Server Error',
              'timeout after 10000 ms',
              'HTTP 404 Not Found',
            ])
          : null,
    http_status: status === 1 ? 200 : status === 2 ? random.pick([500, 404, 0]) : null,
    attempts: status === 2 ? 5 : status === 1 ? 1 : 0,
    next_attempt_at: status === 0 || status === 3 ? now : null,
  };
}

/** The agents' pricing rows, as pricePayin reads them one at a time. */
async function pricing(trx: Kysely<Database>, agents: AgentInfo[]) {
  const rows = await trx
    .selectFrom('product_pricing')
    .select(['agent_id', 'kode_produk', 'fee_admin', 'fee_admin_prosen', 'is_gangguan'])
    .where(
      'agent_id',
      'in',
      agents.map((a) => a.id),
    )
    .execute();
  return new Map<string, PayinPricingRow>(rows.map((r) => [`${r.agent_id}|${r.kode_produk}`, r]));
}

type PlannedHold = ClaimedHold & { paidAt: number; completeAt: Date | null };

/**
 * The settlement job's history (payins/settlement settlementRow, claimedHold,
 * settlementCompletion): due holds are claimed per agent, payment date and product when their
 * settlement date begins (or at the last payment), and completed at the demo's batch time. Holds
 * are inserted first (a settlement's reference names its first hold); the completed settlements'
 * transfers and callbacks join the rest of the history.
 */
async function settleHistory(trx: Kysely<Database>, book: AccountBook, data: Seeded, now: Date) {
  const planned: PlannedHold[] = [];
  await insertChunks(data.holds, async (chunk) => {
    const ids = await trx
      .insertInto('incoming_holds')
      .values(chunk.map(({ plan: _plan, ...row }) => row))
      .returning('id_hold')
      .execute();
    chunk.forEach((hold, i) => {
      const id = ids[i]?.id_hold;
      if (!hold.plan || id === undefined) return;
      planned.push({
        id_hold: id,
        agent_id: hold.agent_id,
        environment: ENV,
        created_date: String(hold.created_date),
        date_settlement: String(hold.date_settlement),
        id_produk: hold.id_produk,
        nama_produk: hold.nama_produk,
        hold_amount: Number(hold.hold_amount),
        paidAt: new Date(hold.date_created as Date).getTime(),
        completeAt: hold.plan.completeAt,
      });
    });
  });

  const random = randomFor(1_000_003);
  const settlements: Insertable<SettlementsTable>[] = [];
  const holdSets: Array<{ ids: number[]; is_sent: number; date_flag: Date }> = [];
  for (const group of groupHolds(planned)) {
    const first = group[0] as PlannedHold;
    const claimAt = new Date(
      Math.min(
        now.getTime(),
        Math.max(wibDayStart(first.date_settlement).getTime(), ...group.map((h) => h.paidAt)),
      ),
    );
    const row = settlementRow(group, claimAt);
    const ids = group.map((h) => h.id_hold);
    if (!first.completeAt) {
      settlements.push(row);
      const claimed = claimedHold(0, claimAt);
      holdSets.push({ ids, is_sent: claimed.is_sent, date_flag: claimed.date_flag });
      continue;
    }
    const done = settlementCompletion(
      {
        id: 0,
        agent_id: first.agent_id,
        environment: first.environment,
        nominal: Number(row.nominal),
        reference: row.reference ?? null,
        nama_produk: first.nama_produk,
        tgltrx: first.created_date,
      },
      {
        held: book.id(ACCOUNT.held, first.agent_id),
        available: book.id(ACCOUNT.available, first.agent_id),
      },
      first.completeAt,
    );
    settlements.push({ ...row, ...done.completed.settlement });
    holdSets.push({ ids, ...done.completed.holds });
    if (done.transfer) {
      data.postings.push({
        at: first.completeAt,
        transfers: bookedAt([done.transfer], first.completeAt),
      });
    }
    data.callbacks.push(
      delivered(
        callbackRow(first.completeAt, done.callback),
        random,
        data.callbackUrls.get(first.agent_id) ?? null,
        now,
      ),
    );
  }

  const settlementIds: number[] = [];
  await insertChunks(settlements, async (chunk) => {
    const inserted = await trx.insertInto('settlements').values(chunk).returning('id').execute();
    settlementIds.push(...inserted.map((r) => r.id));
  });
  const updates = holdSets.flatMap((set, i) =>
    set.ids.map((id) => ({
      id,
      sid: settlementIds[i] as number,
      sent: set.is_sent,
      flag: set.date_flag,
    })),
  );
  await insertChunks(
    updates,
    (chunk) =>
      sql`update incoming_holds h
        set settlement_id = v.sid, is_sent = v.sent, date_flag = v.flag
        from (values ${sql.join(
          chunk.map(
            (u) => sql`(${u.id}::int, ${u.sid}::int, ${u.sent}::int, ${u.flag}::timestamptz)`,
          ),
        )}) as v(id, sid, sent, flag)
        where h.id_hold = v.id`.execute(trx),
    1_000,
  );
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface HistoryReport {
  seeded: boolean;
  transactions: number;
  transfers: number;
  ms: number;
}

/** Seeds the history unless it is there already. */
export async function seedDemoHistory(
  services: Pick<Services, 'db' | 'now'>,
  opts: { days?: number } = {},
): Promise<HistoryReport> {
  const started = performance.now();
  const { db } = services;
  const done = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', MARKER)
    .executeTakeFirst();
  if (done)
    return {
      seeded: false,
      transactions: 0,
      transfers: 0,
      ms: Math.round(performance.now() - started),
    };

  const rows = await db
    .selectFrom('agents')
    .innerJoin('users', (join) =>
      join.onRef('users.agent_id', '=', 'agents.id').on('users.parent_user_id', 'is', null),
    )
    .select([
      'agents.id',
      'users.id as userId',
      'agents.username',
      'agents.nama_agen',
      'agents.aggregator_agent_id',
    ])
    .where(
      'agents.username',
      'in',
      PROFILES.map((p) => p.username),
    )
    .execute();
  const agents: AgentInfo[] = rows
    .filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i)
    .map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      name: r.nama_agen,
      aggregatorId: r.aggregator_agent_id,
    }));
  if (agents.length === 0)
    return {
      seeded: false,
      transactions: 0,
      transfers: 0,
      ms: Math.round(performance.now() - started),
    };

  const now = services.now();
  const ledger = new Ledger(db, { batching: false });
  let transactionCount = 0;
  let transferCount = 0;
  await db.transaction().execute(async (trx) => {
    const book = await openAccounts(ledger, trx, agents);
    const data = generate(agents, book, await pricing(trx, agents), now, opts.days ?? 90);
    await settleHistory(trx, book, data, now);

    // Post in booking order, whole chains per batch, so running balances read like real history.
    data.postings.sort((a, b) => a.at.getTime() - b.at.getTime());
    let batch: TransferInput[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const results = await ledger.createTransfers(batch, { trx });
      const refused = results.find((r) => !isTransferOk(r));
      if (refused)
        throw new Error(`demo history transfer ${refused.id} refused: ${refused.result}`);
      transferCount += batch.length;
      batch = [];
    };
    for (const posting of data.postings) {
      if (batch.length + posting.transfers.length > 1_000) await flush();
      batch.push(...posting.transfers);
    }
    await flush();

    await insertChunks(data.transactions, (c) =>
      trx.insertInto('transactions').values(c).execute(),
    );
    transactionCount = data.transactions.length;
    await insertChunks(data.callbacks, (c) => trx.insertInto('callbacks').values(c).execute());
    await insertChunks(data.payinCodes, (c) => trx.insertInto('payin_codes').values(c).execute());
    await insertChunks(data.receipts, (c) => trx.insertInto('payin_receipts').values(c).execute());
    await insertChunks(data.deposits, (c) => trx.insertInto('deposits').values(c).execute());
    await insertChunks(data.vaBills, (c) => trx.insertInto('va_bills').values(c).execute());
    await insertChunks(data.vaAccounts, (c) =>
      trx.insertInto('virtual_accounts').values(c).execute(),
    );
    await insertChunks(data.vaRequests, (c) => trx.insertInto('va_requests').values(c).execute());
    await insertChunks(data.orders, (c) => trx.insertInto('transfer_orders').values(c).execute());
    await insertChunks(data.fees, (c) => trx.insertInto('aggregator_fees').values(c).execute());
    for (const group of data.groups) {
      const inserted = await trx
        .insertInto('disbursement_groups')
        .values(group.row)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('disbursement_details')
        .values(group.details.map((d) => ({ ...d, group_id: inserted.id })))
        .execute();
    }
    await seedRequestsAndMembers(trx, agents, now);
    await trx
      .insertInto('audit_log')
      .values({
        agent_id: null,
        user_id: null,
        username: null,
        action: MARKER,
        detail: JSON.stringify({ transactions: transactionCount, transfers: transferCount }),
      })
      .execute();
  });

  const report = await checkInvariants(db, { environment: ENV });
  if (!report.ok) throw new Error(`demo history broke the ledger: ${report.violations.join('; ')}`);
  return {
    seeded: true,
    transactions: transactionCount,
    transfers: transferCount,
    ms: Math.round(performance.now() - started),
  };
}

/** Advance-funds and NMID requests, export jobs, and the aggregator's member profiles. */
async function seedRequestsAndMembers(trx: Kysely<Database>, agents: AgentInfo[], now: Date) {
  const partner = agents.find((a) => a.username === 'partner@demo.id');
  const day = (offset: number) => wibDate(new Date(now.getTime() - offset * DAY_MS));
  // `minutes` before this time `offset` days ago, but never before that WIB day began: a request
  // seeded "today" stays on today's pages even a few minutes after midnight.
  const at = (offset: number, minutes = 30) =>
    new Date(
      Math.max(
        now.getTime() - offset * DAY_MS - minutes * MINUTE_MS,
        wibDayStart(day(offset)).getTime(),
      ),
    );
  if (partner) {
    const talangan = [
      // Saved with "Tetap Simpan": its first day had no sales and is listed as rejected.
      {
        offset: 0,
        status: 0,
        product: 'VA014',
        name: 'Virtual Account Bank BCA',
        nominal: 2_480_000,
        missing: [{ date: day(2), reason: 'no_sales' }],
      },
      { offset: 6, status: 1, product: 'QRIS', name: 'QRIS', nominal: 4_350_000 },
      {
        offset: 13,
        status: 3,
        product: 'VA008',
        name: 'Virtual Account Bank Mandiri',
        nominal: 7_820_500,
      },
      { offset: 21, status: 2, product: 'VA009', name: 'Virtual Account Bank BNI', nominal: 0 },
    ];
    await trx
      .insertInto('dana_talangan_requests')
      .values(
        talangan.map((r) => ({
          agent_id: partner.id,
          environment: ENV,
          user_id: partner.userId,
          username: partner.username,
          date_from: day(r.offset + 2),
          date_to: day(r.offset + 1),
          id_produk: r.product,
          nama_produk: r.name,
          nominal: r.nominal,
          status: r.status,
          forced: r.status === 2 || Boolean(r.missing),
          missing_dates: JSON.stringify(r.missing ?? []),
          created_at: at(r.offset),
          created_date: wibDate(at(r.offset)),
        })),
      )
      .execute();
    const nmid = [
      {
        offset: 0,
        status: 0,
        type: 'QRIS Statis',
        nmid: null,
        usaha: 'Kedai Kopi Nusantara',
        jenis: 'Makanan & Minuman',
      },
      {
        offset: 18,
        status: 1,
        type: 'Shopeepay',
        nmid: null,
        usaha: 'Toko Daring Nusantara',
        jenis: 'Retail',
      },
      {
        offset: 47,
        status: 2,
        type: 'QRIS Danamon',
        nmid: 'ID1025380163258',
        usaha: 'PT Nusantara Digital Niaga',
        jenis: 'Jasa Pembayaran',
      },
    ];
    await trx
      .insertInto('nmid_requests')
      .values(
        nmid.map((r) => ({
          agent_id: partner.id,
          environment: ENV,
          user_id: partner.userId,
          nama_nmid: r.type,
          nama: 'Rina Wulandari',
          tempat_lahir: 'Bandung',
          tgl_lahir: '1988-04-17',
          no_ktp: '3273015704880002',
          no_npwp: '093456789012000',
          no_hp: '081234567890',
          jenis_usaha: r.jenis,
          nama_aplikasi: 'Nusantara Pay',
          url_website: 'https://nusantaradigital.co.id',
          email: 'rina@nusantaradigital.co.id',
          nama_usaha: r.usaha,
          alamat_usaha: 'Jl. Braga No. 88, Sumur Bandung',
          kabupaten: 'Kota Bandung',
          kode_pos: '40111',
          pendapatan: 'Rp 100 - 500 juta per tahun',
          nmid: r.nmid,
          images: JSON.stringify({
            gambar_depan: 'demo-depan.jpg',
            gambar_dalam: 'demo-dalam.jpg',
            gambar_pembeli: 'demo-pembeli.jpg',
            foto_ktp: 'demo-ktp.jpg',
          }),
          status: r.status,
          created_at: at(r.offset),
          created_date: wibDate(at(r.offset)),
        })),
      )
      .execute();
    // Two exports asked today (the worker writes their files at start) and one that failed yesterday.
    const plan = (filters: unknown[]) =>
      JSON.stringify({
        version: 1,
        lang: 'id',
        plan: {
          sort: { column: 'time_request', direction: 'desc' },
          filters,
          range: { from: day(6), to: day(0) },
          preFilter: null,
          param: null,
        },
      });
    await trx
      .insertInto('export_jobs')
      .values([
        {
          agent_id: partner.id,
          environment: ENV,
          user_id: partner.userId,
          nama_menu: 'transaction',
          params: plan([]),
          tanggal_waktu_dibuat: at(0, 20),
          created_date: wibDate(at(0, 20)),
        },
        {
          agent_id: partner.id,
          environment: ENV,
          user_id: partner.userId,
          nama_menu: 'transaction',
          params: plan([{ column: 'status_trx', operator: 'equal', value: 'SUCCESS' }]),
          tanggal_waktu_dibuat: at(0, 10),
          created_date: wibDate(at(0, 10)),
        },
        {
          agent_id: partner.id,
          environment: ENV,
          user_id: partner.userId,
          nama_menu: 'deposit',
          params: plan([]),
          status: 4,
          error: 'database timeout',
          tanggal_waktu_dibuat: at(1),
          created_date: wibDate(at(1)),
          tanggal_waktu_selesai: at(1, 25),
        },
      ])
      .execute();
  }

  const members = agents.filter((a) => a.aggregatorId !== null);
  const cities = [
    ['Jawa Barat', 'Kota Bekasi'],
    ['DKI Jakarta', 'Jakarta Selatan'],
    ['Jawa Timur', 'Kota Surabaya'],
  ];
  await trx
    .insertInto('merchant_members')
    .values(
      members.map((m, i) => ({
        agent_id: m.id,
        aggregator_agent_id: m.aggregatorId as number,
        status: 1,
        is_blocked: false,
        minimum_balance: [50_000, 100_000, 0][i % 3] as number,
        id_refferer: 'API2026',
        nickname: m.name.split(' ').slice(-1)[0] ?? m.name,
        nama_initial: m.name
          .split(' ')
          .map((w) => w[0])
          .join('')
          .slice(0, 3),
        telp_pemilik: `0812${pad(3_000_000 + i * 1_234_567, 8)}`,
        nama_propinsi: cities[i % 3]?.[0] ?? null,
        nama_kota: cities[i % 3]?.[1] ?? null,
        namakomisi: i === 0 ? 'Komisi Standar 0,2%' : 'Komisi UMKM 0,15%',
        tanggal_aktivasi: new Date(now.getTime() - (120 + i * 10) * DAY_MS),
        tanggal_registrasi: new Date(now.getTime() - (125 + i * 10) * DAY_MS),
      })),
    )
    .onConflict((oc) => oc.column('agent_id').doNothing())
    .execute();
}
