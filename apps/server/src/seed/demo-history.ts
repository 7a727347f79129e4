import {
  type Account,
  checkInvariants,
  isTransferOk,
  Ledger,
  type TransferInput,
} from '@gerbang/ledger';
import { wibDate, wibDayStart } from '@gerbang/shared';
import { findBank } from '@gerbang/shared/domain/banks';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../http/services';
import type { DisbursementDetailsTable } from '../modules/bulk-transfer/tables';
import type { CallbacksTable } from '../modules/callbacks/tables';
import type { IncomingHoldsTable, SettlementsTable } from '../modules/settlement/tables';
import type { DepositsTable } from '../modules/topup/tables';
import type { TransactionsTable } from '../modules/transactions/tables';
import type { TransferOrderStatus, TransferOrdersTable } from '../modules/transfer/tables';
import type {
  VaBillsTable,
  VaRequestsTable,
  VirtualAccountsTable,
} from '../modules/virtual-account/tables';

/**
 * Ninety days of demo history for the demo agents, written the way the features write it: every
 * rupiah through the ledger's public API (with explicit booking times spread over the days), and
 * the business rows the data pages read in the same database transaction. Deterministic (a fixed
 * random seed per agent) and idempotent (an audit-log marker; the whole seed is one transaction).
 */

const MARKER = 'demo_history_seeded';
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const ENV = 'production' as const;

/** Fees the demo applies (whole rupiah). */
const FEE = {
  va: 4_000,
  qrisPercent: 0.7,
  withdraw: 2_500,
  transferOrder: 3_500,
  aggregatorVa: 1_000,
  aggregatorQrisPercent: 0.2,
  aggregatorTransfer: 500,
} as const;

const VA_BANKS = ['014', '008', '009', '002', '022', '013', '011'];
const DEST_BANKS = ['014', '008', '009', '002', '022', '451', '542', '535', '213', '016'];
const PROVIDER_ACCOUNTS = [
  { kodebank: '014', norekening: '8720155501', atasnama: 'PT GERBANG PEMBAYARAN NUSANTARA' },
  { kodebank: '008', norekening: '1230009876543', atasnama: 'PT GERBANG PEMBAYARAN NUSANTARA' },
  { kodebank: '009', norekening: '0987654321', atasnama: 'PT GERBANG PEMBAYARAN NUSANTARA' },
];

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
  holds: Array<Insertable<IncomingHoldsTable> & { settlementKey: string | null }>;
  settlements: Array<Insertable<SettlementsTable> & { key: string }>;
  callbacks: Insertable<CallbacksTable>[];
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
    { kind: 'fee_revenue', agentId: null, subkey: '' },
  ];
  for (const code of [
    ...new Set([...VA_BANKS, ...DEST_BANKS, ...PROVIDER_ACCOUNTS.map((a) => a.kodebank)]),
  ]) {
    specs.push({ kind: 'cash_in_clearing', agentId: null, subkey: code });
    specs.push({ kind: 'rail_clearing', agentId: null, subkey: code });
  }
  specs.push({ kind: 'cash_in_clearing', agentId: null, subkey: 'QRIS' });
  for (const agent of agents) {
    specs.push({ kind: 'merchant_available', agentId: agent.id, subkey: '' });
    specs.push({ kind: 'merchant_held', agentId: agent.id, subkey: '' });
    if (agent.aggregatorId !== null) {
      specs.push({ kind: 'aggregator_share', agentId: agent.aggregatorId, subkey: '' });
      specs.push({ kind: 'merchant_available', agentId: agent.aggregatorId, subkey: '' });
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
function timesOnDay(random: Random, day: string, count: number, now: Date): Date[] {
  const start = wibDayStart(day).getTime();
  let from = start + 7 * 3_600_000;
  let to = Math.min(start + 22 * 3_600_000, now.getTime() - 2 * MINUTE_MS);
  if (to <= from) {
    // Early in today's WIB day: squeeze today's events between midnight and now.
    from = start + MINUTE_MS;
    to = Math.max(from + MINUTE_MS, now.getTime() - 2 * MINUTE_MS);
  }
  return Array.from(
    { length: count },
    () => new Date(from + Math.floor(random.next() * (to - from))),
  ).sort((a, b) => a.getTime() - b.getTime());
}

function generate(agents: AgentInfo[], book: AccountBook, now: Date, days: number): Seeded {
  const out: Seeded = {
    transactions: [],
    holds: [],
    settlements: [],
    callbacks: [],
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
  const feeRevenue = book.id('fee_revenue');

  for (const profile of PROFILES) {
    const agent = agents.find((a) => a.username === profile.username);
    if (!agent) continue;
    const random = randomFor(agent.id * 7919 + 17);
    const available = book.id('merchant_available', agent.id);
    const held = book.id('merchant_held', agent.id);
    const aggregatorShare =
      agent.aggregatorId !== null ? book.id('aggregator_share', agent.aggregatorId) : null;
    let sequence = 0;
    const trxId = (at: Date) =>
      `TRX${wibDate(at).replace(/-/g, '').slice(2)}${pad(agent.id, 3)}${pad(++sequence, 5)}`;

    /** Money the merchant can spend, in booking order: withdrawals never overdraw it. */
    const cash: Array<{ at: number; amount: number }> = [];
    const spendable = (at: number) =>
      cash.filter((c) => c.at <= at).reduce((sum, c) => sum + c.amount, 0);

    // Issued (reserved) VAs: static open VAs for regular customers.
    const customers = Array.from({ length: Math.max(profile.vaReserved, 1) }, (_, i) => ({
      id: `CUST${pad(agent.id, 3)}${pad(i + 1, 4)}`,
      name: i % 3 === 0 ? random.pick(SHOPS) : personName(random),
      bank: VA_BANKS[i % VA_BANKS.length] as string,
    }));
    for (let i = 0; i < profile.vaReserved; i++) {
      const customer = customers[i];
      if (!customer) continue;
      const created = new Date(now.getTime() - random.int(5, days) * DAY_MS);
      const prefix =
        customer.bank === '008'
          ? '87827'
          : customer.bank === '451'
            ? '9001062'
            : `8${customer.bank}`;
      out.vaAccounts.push({
        agent_id: agent.id,
        environment: ENV,
        kodebank: customer.bank,
        namabank: bankName(customer.bank),
        customer_id: customer.id,
        nama_pemilik: agent.name,
        va_number: `${prefix}${pad(agent.id, 3)}${pad(i + 1, 6)}`,
        nama_pemilik_va: customer.name.toUpperCase(),
        partner_reff_id: `REF-${customer.id}`,
        bill_type: i % 4 === 3 ? 'close' : 'open',
        amount: i % 4 === 3 ? roundTo(random.int(100_000, 900_000), 5_000) : null,
        status: i % 6 === 5 ? 0 : 1,
        created_at: created,
        created_date: wibDate(created),
      });
    }

    for (let d = days - 1; d >= 0; d--) {
      const day = wibDate(new Date(now.getTime() - d * DAY_MS));
      const isToday = day === today;

      // Top-ups: credit merchant_available from the provider's bank clearing account.
      if (profile.topupEvery > 0 && (d % profile.topupEvery === 0 || isToday)) {
        const [at] = timesOnDay(random, day, 1, now);
        if (at) {
          const provider = random.pick(PROVIDER_ACCOUNTS);
          const nominal = roundTo(random.int(5_000_000, 20_000_000), 100_000);
          const kodeUnik = random.int(101, 999);
          const status = isToday ? 0 : random.chance(0.1) ? 3 : random.chance(0.04) ? 2 : 1;
          const id = `DEP${day.replace(/-/g, '')}${pad(agent.id, 3)}${pad(++sequence, 4)}`;
          const paidAt = new Date(at.getTime() + random.int(3, 40) * MINUTE_MS);
          out.deposits.push({
            id_deposit: id,
            agent_id: agent.id,
            environment: ENV,
            user_id: agent.userId,
            username: agent.username,
            tanggal_transaksi: at,
            transaction_date: day,
            atasnama: provider.atasnama,
            norekening: provider.norekening,
            kodebank: provider.kodebank,
            namabank: bankName(provider.kodebank),
            nominal,
            kode_unik: kodeUnik,
            nominal_unik: nominal + kodeUnik,
            status,
            tanggal_transfer: status === 1 ? paidAt : null,
            expired_at: new Date(at.getTime() + 3 * 3_600_000),
            ledger_transfer_id: status === 1 ? `demo:topup:${id}` : null,
          });
          if (status === 1) {
            // The unique code is credited too: it is the merchant's money.
            out.postings.push({
              at: paidAt,
              transfers: [
                {
                  id: `demo:topup:${id}`,
                  debitAccountId: book.id('cash_in_clearing', null, provider.kodebank),
                  creditAccountId: available,
                  amount: nominal + kodeUnik,
                  kind: 'topup',
                  reference: id,
                  description: `Top up via ${bankName(provider.kodebank)}`,
                  createdAt: paidAt,
                },
              ],
            });
            cash.push({ at: paidAt.getTime(), amount: nominal + kodeUnik });
          }
        }
      }

      // Incoming VA and QRIS payments: held until D+1 (VA) or D+2 (QRIS), then settled.
      const incoming = [
        ...Array.from({ length: random.int(...profile.va) }, () => 'VA' as const),
        ...Array.from({ length: random.int(...profile.qris) }, () => 'QRIS' as const),
      ];
      const incomingTimes = timesOnDay(random, day, incoming.length, now);
      incoming.forEach((kind, i) => {
        const at = incomingTimes[i] as Date;
        const id = trxId(at);
        const customer = random.pick(customers);
        const bank = kind === 'VA' ? customer.bank : 'QRIS';
        const amount =
          kind === 'VA'
            ? amountBetween(random, 50_000, 2_500_000, 500)
            : amountBetween(random, 8_000, 350_000, 500);
        const fee = kind === 'VA' ? FEE.va : Math.round((amount * FEE.qrisPercent) / 100);
        const productId = kind === 'VA' ? `VA${bank}` : 'QRIS';
        const productName = kind === 'VA' ? `Virtual Account ${bankName(bank)}` : 'QRIS';
        const partnerReff = `INV/${day.replace(/-/g, '').slice(2)}/${pad(random.int(1, 99_999), 5)}`;
        const daysSettlement = kind === 'VA' ? 1 : 2;
        const settleDay = wibDate(
          new Date(wibDayStart(day).getTime() + daysSettlement * DAY_MS + 3_600_000),
        );
        out.transactions.push({
          id_transaksi: id,
          agent_id: agent.id,
          environment: ENV,
          user_id: null,
          kind,
          jenis_produk: 'IPG',
          jenis_trx: 'CASH IN',
          jenis_transaksi: 1,
          status_trx: 'SUCCESS',
          time_request: at,
          transaction_date: day,
          time_completed: at,
          invoicenumberext: partnerReff,
          partner_reff_va: partnerReff,
          nopelanggan1: kind === 'VA' ? customer.id : null,
          id_produk: productId,
          nama_produk: productName,
          nama_channel: kind,
          kodebank: kind === 'VA' ? bank : null,
          namabank: kind === 'VA' ? bankName(bank) : 'QRIS',
          customername: kind === 'VA' ? customer.name : personName(random),
          nominal_origin: amount,
          nominal_admin: fee,
          response_code: '00',
          responsebiller: 'SUCCESS',
          keterangan: `Pembayaran ${productName}`,
          ledger_transfer_id: `demo:in:${id}`,
          created_at: at,
          updated_at: at,
        });
        // Linked: the held credit and the fee succeed or fail together.
        out.postings.push({
          at,
          transfers: [
            {
              id: `demo:in:${id}`,
              debitAccountId: book.id('cash_in_clearing', null, bank),
              creditAccountId: held,
              amount: amount - fee,
              kind: kind === 'VA' ? 'va_payment' : 'qris_payment',
              reference: id,
              description: `${productName} ${partnerReff}`,
              createdAt: at,
              flags: { linked: true },
            },
            {
              id: `demo:in-fee:${id}`,
              debitAccountId: book.id('cash_in_clearing', null, bank),
              creditAccountId: feeRevenue,
              amount: fee,
              kind: 'payment_fee',
              reference: id,
              description: `Fee ${productName}`,
              createdAt: at,
            },
          ],
        });
        const settleAt = new Date(
          wibDayStart(settleDay).getTime() + (kind === 'VA' ? 30 * MINUTE_MS : 10 * 3_600_000),
        );
        const settled = settleAt.getTime() <= now.getTime() - MINUTE_MS;
        if (settled) cash.push({ at: settleAt.getTime(), amount: amount - fee });
        const dueNow = !settled && settleDay === today;
        const settlementKey = settled || dueNow ? `${day}|${productId}` : null;
        out.holds.push({
          agent_id: agent.id,
          environment: ENV,
          id_transaksi: id,
          partner_reff: partnerReff,
          addinfo1: kind === 'VA' ? customer.id : 'NMID ID1025380163258',
          id_produk: productId,
          nama_produk: productName,
          nominal_origin: amount,
          hold_amount: amount - fee,
          date_created: at,
          created_date: day,
          days_settlement: daysSettlement,
          date_settlement: settleDay,
          is_sent: settled ? 1 : dueNow ? 3 : 0,
          date_flag: settled ? settleAt : dueNow ? new Date(now.getTime() - MINUTE_MS) : null,
          ledger_transfer_id: `demo:in:${id}`,
          settlementKey,
        });
        if (kind === 'VA') {
          out.vaBills.push({
            agent_id: agent.id,
            environment: ENV,
            kodebank: bank,
            namabank: bankName(bank),
            virtual_account_no: `8${bank}${pad(agent.id, 3)}${customer.id.slice(-6)}`,
            id_outlet: `OUT${pad(agent.id, 4)}`,
            bill_type: random.chance(0.6) ? 'c' : 'o',
            transaction_type: 1,
            // Issued earlier the same day (never before the day starts: the page filters by it).
            created_time: new Date(
              at.getTime() -
                random.int(
                  0,
                  Math.min(
                    600,
                    Math.floor((at.getTime() - wibDayStart(day).getTime()) / MINUTE_MS) - 1,
                  ),
                ) *
                  MINUTE_MS,
            ),
            created_date: day,
            expired_time: new Date(at.getTime() + DAY_MS),
            payment_time: at,
            customer_name: customer.name,
            amount,
            amount_origin: amount - fee,
            admin: fee,
            partner_reff: partnerReff,
            biller_reff: `BL${id.slice(3)}`,
            url_payment: `https://pay.gerbang.local/va/${id}`,
            id_transaksi: id,
          });
        }
        if (agent.aggregatorId !== null && aggregatorShare !== null) {
          const share =
            kind === 'VA'
              ? FEE.aggregatorVa
              : Math.max(1, Math.round((amount * FEE.aggregatorQrisPercent) / 100));
          out.fees.push({
            agent_id: agent.aggregatorId,
            member_agent_id: agent.id,
            environment: ENV,
            id_transaksi: id,
            fee_type: 'VA',
            fee_date: day,
            nominal: amount,
            fee: share,
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
                amount: share,
                kind: 'aggregator_share',
                reference: id,
                description: `Revenue share ${agent.name}`,
                createdAt: at,
              },
            ],
          });
        }
        if (profile.callbackUrl)
          pushCallback(out, random, agent, profile.callbackUrl, id, at, 'payment', amount, now);
      });

      // A few unpaid or failed VA bills.
      if (profile.va[1] > 0 && random.chance(0.5)) {
        const [at] = timesOnDay(random, day, 1, now);
        const customer = random.pick(customers);
        if (at) {
          const amount = amountBetween(random, 50_000, 1_500_000, 1_000);
          out.vaBills.push({
            agent_id: agent.id,
            environment: ENV,
            kodebank: customer.bank,
            namabank: bankName(customer.bank),
            virtual_account_no: `8${customer.bank}${pad(agent.id, 3)}${customer.id.slice(-6)}`,
            id_outlet: `OUT${pad(agent.id, 4)}`,
            bill_type: 'c',
            transaction_type: isToday || random.chance(0.6) ? 0 : 2,
            created_time: at,
            created_date: day,
            expired_time: new Date(at.getTime() + DAY_MS),
            payment_time: null,
            customer_name: customer.name,
            amount: 0,
            amount_origin: amount,
            admin: 0,
            partner_reff: `INV/${day.replace(/-/g, '').slice(2)}/${pad(random.int(1, 99_999), 5)}`,
            biller_reff: null,
            url_payment: `https://pay.gerbang.local/va/bill-${agent.id}-${++sequence}`,
            id_transaksi: null,
          });
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
          time_completed: new Date(at.getTime() + random.int(5, 90) * 1000),
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
          keterangan: failed ? 'Transaksi gagal' : 'Tarik saldo',
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
              fee: FEE.aggregatorTransfer,
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
                  amount: FEE.aggregatorTransfer,
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
      const orderCount = random.int(...profile.transferOrders);
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
        out.orders.push({
          id: orderId,
          agent_id: agent.id,
          environment: ENV,
          user_id: agent.userId,
          time_created: at,
          created_date: day,
          account_name: personName(random).toUpperCase(),
          account_number: `${random.int(1_000_000_000, 9_999_999_999)}`,
          kodebank: dest,
          namabank: bankName(dest),
          amount,
          fee_admin: FEE.transferOrder,
          time_expired: expires,
          status: status as TransferOrderStatus,
          id_transaksi: id,
          paid_at:
            status === 'NEW' || status === 'FAILED'
              ? null
              : new Date(at.getTime() + 10 * MINUTE_MS),
          completed_at: status === 'COMPLETED' ? new Date(at.getTime() + 12 * MINUTE_MS) : null,
        });
        if (completed && id) {
          const paidAt = new Date(at.getTime() + 10 * MINUTE_MS);
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
            keterangan: `Transfer domestik ${orderId}`,
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
            const rowAt = new Date(at.getTime() + (r + 1) * 20_000);
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
                keterangan: 'Bulk transfer',
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
            date_complete: status === 0 ? null : new Date(at.getTime() + 40_000),
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

  // Settlements: one per agent, product and transaction date; completed ones move held → available.
  const groups = new Map<string, typeof out.holds>();
  for (const hold of out.holds) {
    if (!hold.settlementKey) continue;
    const key = `${hold.agent_id}|${hold.settlementKey}`;
    groups.set(key, [...(groups.get(key) ?? []), hold]);
  }
  for (const [key, holds] of groups) {
    const first = holds[0];
    if (!first) continue;
    const completed = first.is_sent === 1;
    const nominal = holds.reduce((sum, h) => sum + Number(h.hold_amount), 0);
    const settleAt = completed ? (first.date_flag as Date) : null;
    const transferId = `demo:settle:${key.replace(/\|/g, ':')}`;
    out.settlements.push({
      key,
      agent_id: first.agent_id,
      environment: ENV,
      tgltrx: first.created_date,
      tglsettle: first.date_settlement,
      id_produk: first.id_produk,
      nama_produk: first.nama_produk,
      rekonnum: holds.length,
      nominal,
      status: completed ? 'completed' : 'process',
      created_at: completed ? (settleAt as Date) : new Date(now.getTime() - MINUTE_MS),
      completed_at: settleAt,
      ledger_transfer_id: completed ? transferId : null,
    });
    if (completed && settleAt) {
      const agentId = Number(first.agent_id);
      out.postings.push({
        at: settleAt,
        transfers: [
          {
            id: transferId,
            debitAccountId: book.id('merchant_held', agentId),
            creditAccountId: book.id('merchant_available', agentId),
            amount: nominal,
            kind: 'settlement',
            reference: `STL-${String(first.created_date).replace(/-/g, '')}-${first.id_produk}`,
            description: `Settlement ${first.nama_produk} ${first.created_date}`,
            createdAt: settleAt,
          },
        ],
      });
    }
  }
  return out;
}

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
  const created = new Date(at.getTime() + random.int(1, 20) * 1000);
  const recent = now.getTime() - created.getTime() < 10 * MINUTE_MS;
  const failed = random.chance(0.08);
  const status = recent ? (random.chance(0.5) ? 0 : 3) : failed ? 2 : 1;
  const body = JSON.stringify({
    id_transaksi: id,
    type,
    status: 'SUCCESS',
    amount,
    timestamp: created.toISOString(),
  });
  out.callbacks.push({
    agent_id: agent.id,
    environment: ENV,
    id_transaksi: id,
    time_request: at,
    date_created: created,
    created_date: wibDate(created),
    date_sent:
      status === 1 || status === 2 ? new Date(created.getTime() + random.int(200, 4_000)) : null,
    status_sent: status,
    type_callback: type,
    url_callback: url,
    request_raw: `POST ${url}\nGerbang-Signature: t=${Math.floor(created.getTime() / 1000)},v1=${random.int(1e8, 9e8).toString(16)}${random.int(1e8, 9e8).toString(16)}\n\n${body}`,
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
  });
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
  const started = Date.now();
  const { db } = services;
  const done = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', MARKER)
    .executeTakeFirst();
  if (done) return { seeded: false, transactions: 0, transfers: 0, ms: Date.now() - started };

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
    return { seeded: false, transactions: 0, transfers: 0, ms: Date.now() - started };

  const now = services.now();
  const ledger = new Ledger(db, { batching: false });
  let transactionCount = 0;
  let transferCount = 0;
  await db.transaction().execute(async (trx) => {
    const book = await openAccounts(ledger, trx, agents);
    const data = generate(agents, book, now, opts.days ?? 90);

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
    const settlementIds = new Map<string, number>();
    await insertChunks(data.settlements, async (chunk) => {
      const inserted = await trx
        .insertInto('settlements')
        .values(chunk.map(({ key: _key, ...row }) => row))
        .returning('id')
        .execute();
      chunk.forEach((s, i) => {
        settlementIds.set(s.key, inserted[i]?.id ?? 0);
      });
    });
    await insertChunks(data.holds, (c) =>
      trx
        .insertInto('incoming_holds')
        .values(
          c.map(({ settlementKey, ...row }) => ({
            ...row,
            settlement_id: settlementKey
              ? (settlementIds.get(`${row.agent_id}|${settlementKey}`) ?? null)
              : null,
          })),
        )
        .execute(),
    );
    await insertChunks(data.callbacks, (c) => trx.insertInto('callbacks').values(c).execute());
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
    ms: Date.now() - started,
  };
}

/** Advance-funds and NMID requests, export jobs, and the aggregator's member profiles. */
async function seedRequestsAndMembers(trx: Kysely<Database>, agents: AgentInfo[], now: Date) {
  const partner = agents.find((a) => a.username === 'partner@demo.id');
  const day = (offset: number) => wibDate(new Date(now.getTime() - offset * DAY_MS));
  const at = (offset: number, minutes = 30) => {
    const instant = new Date(now.getTime() - offset * DAY_MS - minutes * MINUTE_MS);
    return instant;
  };
  if (partner) {
    const talangan = [
      { offset: 0, status: 0, product: 'VA014', name: 'Virtual Account Bank BCA', nominal: 0 },
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
          forced: r.status === 2,
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
