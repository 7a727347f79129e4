import { isTransferOk } from '@gerbang/ledger';
import { findProductCode } from '@gerbang/shared/domain/products';
import { sql } from 'kysely';
import type { Services } from '../http/services';
import { availableBalance, PAYOUT_ACCOUNT } from '../modules/payouts/accounts';
import { recordProductCharge } from '../modules/withdraw/charges';
import { DEMO_PRICING } from '../modules/withdraw/pricing';

/** Saved destinations of partner@demo.id (simulator names: the rail answers the same ones). */
const PARTNER_FAVOURITES = [
  {
    kodebank: '014',
    namabank: 'Bank BCA',
    accountnumber: '1234567890',
    type: 'BANK',
    label: 'Supplier kain',
    tags: ['supplier'],
  },
  {
    kodebank: '008',
    namabank: 'Bank Mandiri',
    accountnumber: '1370012345678',
    type: 'BANK',
    label: 'Gaji Budi',
    tags: ['payroll'],
  },
  {
    kodebank: '002',
    namabank: 'Bank BRI',
    accountnumber: '002301000123567',
    type: 'BANK',
    label: 'Gaji Sari',
    tags: ['payroll'],
  },
  {
    kodebank: 'OVO',
    namabank: 'OVO',
    accountnumber: '081234567812',
    type: 'EWALLET',
    label: 'Kurir',
    tags: [],
  },
] as const;

/** Demo money for partner@demo.id when nothing else gave it any (e.g. before the ledger history seed). */
const PARTNER_OPENING_BALANCE = 25_000_000;

/**
 * Withdraw demo data, idempotent: product pricing for every main demo agent, favourites for the
 * partner, and, only while the partner's production balance is zero, an opening deposit booked
 * through the ledger (never a balance column).
 */
export async function seedWithdrawDemo(services: Services): Promise<void> {
  const { db } = services;
  const agents = await db
    .selectFrom('agents')
    .innerJoin('users', 'users.agent_id', 'agents.id')
    .select(['agents.id as agentId', 'users.id as userId', 'agents.username'])
    .where('users.parent_user_id', 'is', null)
    .where(sql<boolean>`users.username = agents.username`)
    .execute();
  // One read tells what a later start already has: no transaction per price, no rail inquiry
  // per saved account (the seed is idempotent either way; this keeps a start short).
  const priced = agents.length
    ? await db
        .selectFrom('product_pricing')
        .select(['agent_id', 'kode_produk'])
        .where(
          'agent_id',
          'in',
          agents.map((a) => a.agentId),
        )
        .execute()
    : [];
  const havePrice = new Set(priced.map((p) => `${p.agent_id}:${p.kode_produk}`));
  for (const agent of agents) {
    const missing = DEMO_PRICING.filter((p) => !havePrice.has(`${agent.agentId}:${p.kodeProduk}`));
    if (missing.length > 0) await seedPricing(services, agent.agentId, missing);
  }

  const partner = agents.find((a) => a.username === 'partner@demo.id');
  if (!partner) return;
  await seedFavourites(services, partner);

  const { ledger } = services;
  if ((await availableBalance(ledger, partner.agentId, 'production')) > 0) return;
  const [source, merchant] = await ledger.ensureAccounts([
    { kind: 'cash_in_clearing', subkey: 'seed', environment: 'production' },
    { kind: PAYOUT_ACCOUNT.available, agentId: partner.agentId, environment: 'production' },
  ]);
  if (!source || !merchant) throw new Error('seed accounts missing');
  const result = await ledger.createTransfer({
    // One id per agent: a second start finds it and books nothing more.
    id: `seed:withdraw-opening:${partner.agentId}`,
    debitAccountId: source.id,
    creditAccountId: merchant.id,
    amount: PARTNER_OPENING_BALANCE,
    kind: 'topup',
    reference: 'SEED-OPENING',
    description: 'Demo opening deposit',
  });
  if (!isTransferOk(result)) throw new Error(`demo opening deposit refused: ${result.result}`);
}

/** The partner's saved destinations missing so far, each named by the rail's inquiry (idempotent). */
async function seedFavourites(
  services: Services,
  partner: { agentId: number; userId: number },
): Promise<void> {
  const { db } = services;
  const saved = await db
    .selectFrom('favourite_accounts')
    .select(['type', 'kodebank', 'accountnumber'])
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', 'production')
    .execute();
  const haveSaved = new Set(saved.map((f) => `${f.type}:${f.kodebank}:${f.accountnumber}`));
  for (const favourite of PARTNER_FAVOURITES) {
    if (haveSaved.has(`${favourite.type}:${favourite.kodebank}:${favourite.accountnumber}`))
      continue;
    const holder = await (favourite.type === 'BANK'
      ? services.rails.bank.inquiry({
          bankCode: favourite.kodebank,
          accountNumber: favourite.accountnumber,
          accountType: 'NORMAL',
          now: services.now(),
        })
      : services.rails.ewallet.inquiry({
          productId: favourite.kodebank,
          phoneNumber: favourite.accountnumber,
          now: services.now(),
        }));
    await db
      .insertInto('favourite_accounts')
      .values({
        id_accounts: partner.userId,
        agent_id: partner.agentId,
        environment: 'production',
        accountname: holder.ok ? holder.accountName : 'NASABAH',
        accountnumber: favourite.accountnumber,
        kodebank: favourite.kodebank,
        namabank: favourite.namabank,
        type: favourite.type,
        label: favourite.label,
        tags: [...favourite.tags],
        checked_at: services.now(),
      })
      .onConflict((oc) =>
        oc.columns(['agent_id', 'environment', 'type', 'kodebank', 'accountnumber']).doNothing(),
      )
      .execute();
  }
}

/** The agent's demo pricing rows, each with its first charge-history version (idempotent). */
async function seedPricing(
  services: Services,
  agentId: number,
  prices: readonly (typeof DEMO_PRICING)[number][],
): Promise<void> {
  const { db } = services;
  for (const price of prices) {
    const product = findProductCode(price.kodeProduk);
    // The pricing row and its first charge-history version land together (or neither).
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('product_pricing')
        .values({
          agent_id: agentId,
          kode_produk: price.kodeProduk,
          id_produk: price.kodeProduk,
          nama_produk: product?.nama_produk ?? price.kodeProduk,
          jenis_trx: price.jenisTrx,
          fee_admin: price.feeAdmin,
          fee_admin_prosen: price.feePercent,
        })
        .onConflict((oc) => oc.columns(['agent_id', 'kode_produk']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      await recordProductCharge(
        trx,
        {
          agentId,
          kodeProduk: price.kodeProduk,
          feeAdmin: price.feeAdmin,
          feePercent: price.feePercent,
        },
        services.now(),
      );
    });
  }
}
