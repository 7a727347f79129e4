import type { Beneficiary, BeneficiaryType } from '@gerbang/shared/contract/beneficiaries';
import { findBank, isVaCapable } from '@gerbang/shared/domain/banks';
import { findEwalletProduct } from '@gerbang/shared/domain/products';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';

/**
 * The beneficiary book: the spec's favourite list (`favourite_accounts`), per
 * agent and environment, with the name the account inquiry returned, a label and tags. A
 * beneficiary is saved only with a name the rail gave: from a new inquiry (`createBeneficiary`)
 * or from a payout that already had one (`saveFromTransaction`, the receipts' "save as favourite").
 * The same account is saved once (unique by type, code and number): saving it again updates it.
 */

type Row = Selectable<Database['favourite_accounts']>;

export function beneficiaryOf(row: Row): Beneficiary {
  return {
    id: Number(row.id),
    type: row.type,
    code: row.kodebank,
    bank_name: row.namabank,
    account_number: row.accountnumber,
    account_name: row.accountname,
    label: row.label,
    tags: row.tags ?? [],
    is_active: row.is_active,
    checked_at: row.checked_at ? new Date(row.checked_at).toISOString() : null,
  };
}

export interface BookQuery {
  q: string;
  tag: string;
  type: '' | BeneficiaryType;
  offset: number;
  limit: number;
}

export async function listBeneficiaries(services: Services, actor: UserActor, query: BookQuery) {
  const { agent } = actor.auth;
  let base = services.db
    .selectFrom('favourite_accounts')
    .where('agent_id', '=', agent.id)
    .where('environment', '=', actor.auth.environment);
  if (query.type) base = base.where('type', '=', query.type);
  if (query.tag) base = base.where(sql<boolean>`${query.tag} = any(tags)`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('label', 'ilike', like),
        eb('accountname', 'ilike', like),
        eb('accountnumber', 'like', like),
        eb('namabank', 'ilike', like),
      ]),
    );
  }
  const [rows, count, tags] = await Promise.all([
    base
      .selectAll()
      .orderBy('label')
      .orderBy('accountname')
      .orderBy('id')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    allTags(services, agent.id, actor.auth.environment),
  ]);
  return { items: rows.map(beneficiaryOf), total: Number(count.n), tags };
}

async function allTags(services: Services, agentId: number, environment: string) {
  const rows = await sql<{ tag: string }>`
    select distinct unnest(tags) as tag from favourite_accounts
     where agent_id = ${agentId} and environment = ${environment}
     order by tag`.execute(services.db);
  return rows.rows.map((r) => r.tag);
}

/** Where a new beneficiary points, resolved as the rail knows it. */
interface Resolved {
  type: BeneficiaryType;
  code: string;
  bankName: string;
  accountNumber: string;
}

function resolveDestination(type: BeneficiaryType, code: string, number: string): Resolved {
  const accountNumber = number.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (!/^\d{5,24}$/.test(accountNumber)) {
    throw validationError('beneficiaries.errors.accountNumber');
  }
  if (type === 'EWALLET') {
    const product = findEwalletProduct(code.trim().toUpperCase());
    if (!product) throw validationError('beneficiaries.errors.code');
    return { type, code: product.id_produk, bankName: product.nama_produk, accountNumber };
  }
  const bank = findBank(code.trim());
  if (!bank) throw validationError('beneficiaries.errors.code');
  if (type === 'VA' && !isVaCapable(bank.kodebank)) {
    throw validationError('beneficiaries.errors.vaNotSupported');
  }
  return { type, code: bank.kodebank, bankName: bank.namabank, accountNumber };
}

/** The account inquiry: the name the rail returns for the destination. */
async function inquireName(services: Services, to: Resolved): Promise<string> {
  const now = services.now();
  const found =
    to.type === 'EWALLET'
      ? await services.rails.ewallet.inquiry({
          productId: to.code,
          phoneNumber: to.accountNumber,
          now,
        })
      : await services.rails.bank.inquiry({
          bankCode: to.code,
          accountNumber: to.accountNumber,
          accountType: to.type === 'VA' ? 'VA' : 'NORMAL',
          now,
        });
  if (!found.ok) throw refused(`withdraw.rail.${found.code}`);
  return found.accountName;
}

export interface NewBeneficiary {
  type: BeneficiaryType;
  code: string;
  account_number: string;
  label: string;
  tags: string[];
}

export async function createBeneficiary(
  services: Services,
  actor: UserActor,
  input: NewBeneficiary,
): Promise<Beneficiary> {
  const to = resolveDestination(input.type, input.code, input.account_number);
  const name = await inquireName(services, to);
  return saveBeneficiary(services, actor, { ...to, name, label: input.label, tags: input.tags });
}

/** Kinds of payout rows a receipt may save, and the book's type of each. */
const TYPE_OF_KIND: Record<string, BeneficiaryType> = {
  WITHDRAW: 'BANK',
  TRANSFER: 'BANK',
  EWALLET: 'EWALLET',
};

/** "Save as favourite" from a receipt: the payout's destination and the name its inquiry gave. */
export async function saveFromTransaction(
  services: Services,
  actor: UserActor,
  input: { id_transaksi: string; label: string; tags: string[] },
): Promise<Beneficiary> {
  const row = await services.db
    .selectFrom('transactions')
    .select(['kind', 'kodebank', 'namabank', 'nopelanggan1', 'nopelanggan2', 'customername'])
    .where('id_transaksi', '=', input.id_transaksi)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  const kindType = row ? TYPE_OF_KIND[row.kind] : undefined;
  if (!row || !kindType || !row.kodebank || !row.nopelanggan1 || !row.customername) {
    // A domestic order's line names its inquiry: the same destination and name.
    return saveFromInquiry(services, actor, input);
  }
  const type: BeneficiaryType = kindType === 'BANK' && row.nopelanggan2 === 'VA' ? 'VA' : kindType;
  return saveBeneficiary(services, actor, {
    type,
    code: row.kodebank,
    bankName: row.namabank ?? row.kodebank,
    accountNumber: row.nopelanggan1,
    name: row.customername,
    label: input.label,
    tags: input.tags,
  });
}

/** "Save as favourite" of a checked inquiry (a domestic order's line), by its id_transaksi. */
async function saveFromInquiry(
  services: Services,
  actor: UserActor,
  input: { id_transaksi: string; label: string; tags: string[] },
): Promise<Beneficiary> {
  const inquiry = await services.db
    .selectFrom('withdraw_inquiries')
    .select(['kind', 'code', 'product_name', 'account_number', 'account_type', 'account_name'])
    .where('id_transaksi', '=', input.id_transaksi)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!inquiry || inquiry.kind === 'RETAIL') throw notFound('beneficiaries.errors.transaction');
  const type: BeneficiaryType =
    inquiry.kind === 'EWALLET' ? 'EWALLET' : inquiry.account_type === 'VA' ? 'VA' : 'BANK';
  return saveBeneficiary(services, actor, {
    type,
    code: inquiry.code,
    bankName: inquiry.product_name,
    accountNumber: inquiry.account_number,
    name: inquiry.account_name,
    label: input.label,
    tags: input.tags,
  });
}

async function saveBeneficiary(
  services: Services,
  actor: UserActor,
  b: Resolved & { name: string; label: string; tags: string[] },
): Promise<Beneficiary> {
  const now = services.now();
  const row = await services.db
    .insertInto('favourite_accounts')
    .values({
      id_accounts: actor.auth.user.id,
      agent_id: actor.auth.agent.id,
      environment: actor.auth.environment,
      accountname: b.name,
      accountnumber: b.accountNumber,
      kodebank: b.code,
      namabank: b.bankName,
      type: b.type,
      label: b.label,
      tags: b.tags,
      checked_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['agent_id', 'environment', 'type', 'kodebank', 'accountnumber']).doUpdateSet({
        accountname: b.name,
        label: b.label,
        tags: b.tags,
        is_active: true,
        checked_at: now,
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return beneficiaryOf(row);
}

export async function updateBeneficiary(
  services: Services,
  actor: UserActor,
  input: { id: number; label: string; tags: string[] },
): Promise<Beneficiary> {
  const row = await services.db
    .updateTable('favourite_accounts')
    .set({ label: input.label, tags: input.tags, updated_at: services.now() })
    .where('id', '=', input.id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('beneficiaries.errors.notFound');
  return beneficiaryOf(row);
}

/** Deletes a beneficiary; payouts made for it keep their own copy of the destination. */
export async function deleteBeneficiary(
  services: Services,
  actor: UserActor,
  id: number,
): Promise<{ id: number }> {
  const row = await services.db
    .deleteFrom('favourite_accounts')
    .where('id', '=', id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('beneficiaries.errors.notFound');
  return { id: Number(row.id) };
}

/**
 * The beneficiary an inquiry is made for (withdraw, domestic): the agent's own, active, and the
 * same destination the inquiry checks. Its saved name goes with the payout to the name check.
 */
export async function beneficiaryForInquiry(
  services: Services,
  actor: UserActor,
  id: number,
  destination: { code: string; accountNumber: string },
): Promise<{ id: number; savedName: string }> {
  const row = await services.db
    .selectFrom('favourite_accounts')
    .select(['id', 'kodebank', 'accountnumber', 'accountname'])
    .where('id', '=', id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('beneficiaries.errors.notFound');
  const same =
    row.kodebank.toUpperCase() === destination.code.toUpperCase() &&
    row.accountnumber === destination.accountNumber;
  if (!same) throw validationError('beneficiaries.errors.notSameDestination');
  return { id: Number(row.id), savedName: row.accountname };
}
