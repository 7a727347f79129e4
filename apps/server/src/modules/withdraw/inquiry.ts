import {
  DISBURSEMENT_MAX_AMOUNT,
  formatRupiah,
  formatWibDateTime,
  isInCutOff,
  type Language,
  translate,
} from '@gerbang/shared';
import type {
  InquiryUse,
  WithdrawInquiryResult,
  WithdrawTableData,
} from '@gerbang/shared/contract/withdraw';
import { findProductCode } from '@gerbang/shared/domain/products';
import type { Selectable } from 'kysely';
import { refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { newTransactionId, newUuid } from '../../platform/ids';
import type { InquiryResult } from '../../rails';
import { beneficiaryForInquiry } from '../beneficiaries/book';
import { availableBalance } from '../payouts/accounts';
import { inquiryChecksum } from './checksum';
import type { Destination } from './destinations';
import { shapeAccountNumber } from './destinations';
import { checkAccountPassword } from './password';
import { type Pricing, priceWithdrawal } from './pricing';
import type { WithdrawInquiriesTable } from './tables';

/** An inquiry can be paid for this long; its OTP lives 10 minutes within it. */
export const INQUIRY_TTL_MS = 15 * 60 * 1000;

export type InquiryRow = Selectable<WithdrawInquiriesTable>;

export interface InquiryFields {
  number: string;
  nominal: number;
  password: string;
  note: string;
  sendername: string;
  purposetransaction: string;
  recaptcha: string;
}

const TRANSACTION_PREFIX = { BANK: 'WD', EWALLET: 'EW', RETAIL: 'RT' } as const;

/** Bank logos are served by the lookup routes (a badge per code); the page shows them as images. */
export function logoUrl(code: string): string {
  return `/api/transaction/bank_logo/${encodeURIComponent(code)}`;
}

/** Throws the captcha and cut-off refusals that apply before anything is looked up. */
async function checkCaptchaAndCutOff(services: Services, actor: UserActor, captcha: string) {
  const { auth } = actor;
  const now = services.now();
  if (!auth.isTest) {
    if (!captcha) throw validationError('withdraw.fillCaptcha');
    const ok = await services.captcha.verify(captcha, { now, allowTestKey: false });
    if (!ok) throw refused('withdraw.invalidCaptcha');
  }
  if (services.config.cutOffAgents.includes(auth.agent.username) && isInCutOff(now)) {
    throw refused('common.cutOffNotice');
  }
}

async function railInquiry(
  services: Services,
  destination: Destination,
  accountNumber: string,
  fallbackName: string,
): Promise<InquiryResult> {
  const now = services.now();
  switch (destination.kind) {
    case 'BANK':
      return services.rails.bank.inquiry({
        bankCode: destination.railCode,
        accountNumber,
        accountType: destination.accountType,
        now,
      });
    case 'EWALLET':
      return services.rails.ewallet.inquiry({
        productId: destination.railCode,
        phoneNumber: accountNumber,
        now,
      });
    case 'RETAIL':
      // Indomaret has no account to look up: the person who collects the cash is the customer.
      return { ok: true, accountName: fallbackName.toUpperCase() };
  }
}

export function inquiryTable(row: InquiryRow, lang: Language): WithdrawTableData {
  return {
    CATATAN: row.note,
    'ID TRANSAKSI': row.id_transaksi,
    KETERANGAN: translate(lang, 'withdraw.keteranganInquiry', {
      destination: `${row.product_name} ${row.account_number}`,
    }),
    'NAMA CHANNEL': row.product_name,
    'NAMA PELANGGAN': row.account_name,
    'NAMA PRODUK': findProductCode(row.kode_produk)?.nama_produk ?? row.kode_produk,
    'NO PELANGGAN': row.account_number,
    NOMINAL: row.amount,
    'NOMINAL ADMIN': row.admin_fee,
    'TANGGAL TRANSAKSI': formatWibDateTime(new Date(row.created_at)),
  };
}

export function inquiryAnswer(row: InquiryRow, lang: Language): WithdrawInquiryResult {
  return {
    tabledata: inquiryTable(row, lang),
    nominal: row.amount,
    nominal_admin: row.admin_fee,
    total: row.amount + row.admin_fee,
    produkname: row.product_name,
    checksum: row.checksum,
    uuid_user: row.uuid_user,
    idtransaksi: row.id_transaksi,
    url_image: logoUrl(row.code),
    kind: row.kind,
    bank_code: row.rail_code,
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/**
 * transaction/cashout_inquiry and ewallet_inquiry after the schema (spec 02 §5 rules 1–5):
 * captcha (rule 6), cut-off, destination and number shape, the 50,000,000 limit, the account
 * password (argon2, outside any transaction), pricing and disruption, balance ≥ amount + fee,
 * then the rail's account-name inquiry. Nothing is written until every check has passed.
 */
export async function createInquiry(
  services: Services,
  actor: UserActor,
  input: {
    destination: Destination;
    fields: InquiryFields;
    use?: InquiryUse;
    /** A saved beneficiary: its saved name goes with the payout to the name check. */
    beneficiaryId?: number;
  },
): Promise<WithdrawInquiryResult> {
  const { auth, lang } = actor;
  const { destination, fields } = input;
  const use = input.use ?? 'withdraw';
  await checkCaptchaAndCutOff(services, actor, fields.recaptcha);
  // Spec 02 §5 rule 7 (domestic only): digits and hyphens, nothing else.
  if (use === 'domestic' && !/^[\d-]+$/.test(fields.number.trim())) {
    throw validationError('withdraw.checkAccountNumber');
  }
  const accountNumber = shapeAccountNumber(destination.kind, fields.number);
  const beneficiary =
    input.beneficiaryId === undefined
      ? null
      : await beneficiaryForInquiry(services, actor, input.beneficiaryId, {
          code: destination.code,
          accountNumber,
        });
  if (fields.nominal > DISBURSEMENT_MAX_AMOUNT) {
    throw validationError('withdraw.maxAmount', { max: formatRupiah(DISBURSEMENT_MAX_AMOUNT) });
  }
  await checkAccountPassword(services, actor, fields.password, 'withdraw_inquiry');
  const pricing = await priceWithdrawal(
    services.db,
    auth.agent.id,
    destination.kind,
    fields.nominal,
  );
  if (pricing.disrupted)
    throw refused('withdraw.productDisrupted', { product: pricing.namaProduk });
  const total = fields.nominal + pricing.adminFee;
  // A domestic or bulk line is paid by its order's payment, not from the balance.
  const balance =
    use === 'withdraw'
      ? await availableBalance(services.ledger, auth.agent.id, auth.environment)
      : total;
  if (balance < total) {
    throw refused('withdraw.insufficientBalance', {
      total: formatRupiah(total),
      balance: formatRupiah(balance),
    });
  }
  const found = await railInquiry(
    services,
    destination,
    accountNumber,
    fields.sendername || auth.user.nama,
  );
  if (!found.ok) throw refused(`withdraw.rail.${found.code}`);
  const row = await storeInquiry(services, actor, {
    destination,
    fields,
    accountNumber,
    accountName: found.accountName,
    pricing,
    use,
    beneficiary,
  });
  return inquiryAnswer(row, lang);
}

/** Writes the checked inquiry under a fresh transaction id (retried on the rare collision). */
async function storeInquiry(
  services: Services,
  actor: UserActor,
  checked: {
    destination: Destination;
    fields: InquiryFields;
    accountNumber: string;
    accountName: string;
    pricing: Pricing;
    use: InquiryUse;
    beneficiary: { id: number; savedName: string } | null;
  },
): Promise<InquiryRow> {
  const { auth } = actor;
  const { destination, fields, accountNumber, pricing } = checked;
  const now = services.now();
  const expiresAt = new Date(now.getTime() + INQUIRY_TTL_MS);
  const uuidUser = newUuid();
  for (let attempt = 0; ; attempt++) {
    const idTransaksi = await newTransactionId(
      services,
      services.db,
      TRANSACTION_PREFIX[destination.kind],
      now,
    );
    const checksum = inquiryChecksum(services.config.sessionSecret, {
      idTransaksi,
      agentId: auth.agent.id,
      environment: auth.environment,
      kind: destination.kind,
      railCode: destination.railCode,
      accountType: destination.accountType,
      accountNumber,
      accountName: checked.accountName,
      amount: fields.nominal,
      adminFee: pricing.adminFee,
      uuidUser,
      expiresAt,
    });
    const row = await services.db
      .insertInto('withdraw_inquiries')
      .values({
        id_transaksi: idTransaksi,
        agent_id: auth.agent.id,
        environment: auth.environment,
        user_id: auth.user.id,
        kind: destination.kind,
        code: destination.code,
        rail_code: destination.railCode,
        kode_produk: pricing.kodeProduk,
        account_type: destination.accountType,
        account_number: accountNumber,
        account_name: checked.accountName,
        product_name: destination.channelName,
        amount: fields.nominal,
        admin_fee: pricing.adminFee,
        note: fields.note,
        sender_name: fields.sendername,
        purpose: fields.purposetransaction,
        checksum,
        uuid_user: uuidUser,
        created_at: now,
        expires_at: expiresAt,
        type_inq: checked.use,
        beneficiary_id: checked.beneficiary?.id ?? null,
        beneficiary_name: checked.beneficiary?.savedName ?? null,
      })
      .onConflict((oc) => oc.column('id_transaksi').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    // A serial block is one process's own (platform/ids.ts); should an id still be taken (all
    // 1,000 blocks claimed within one second), a fresh one is tried.
    if (attempt >= 5) throw new Error('could not allocate a transaction id');
  }
}

/** Recomputes an inquiry's checksum from its stored fields (the payment's binding check). */
export function expectedChecksum(secret: string, row: InquiryRow): string {
  return inquiryChecksum(secret, {
    idTransaksi: row.id_transaksi,
    agentId: row.agent_id,
    environment: row.environment,
    kind: row.kind,
    railCode: row.rail_code,
    accountType: row.account_type,
    accountNumber: row.account_number,
    accountName: row.account_name,
    amount: row.amount,
    adminFee: row.admin_fee,
    uuidUser: row.uuid_user,
    expiresAt: new Date(row.expires_at),
  });
}
