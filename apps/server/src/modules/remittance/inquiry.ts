import {
  formatRupiah,
  formatWibDateTime,
  type Language,
  OTP_TTL_MS,
  translate,
} from '@gerbang/shared';
import {
  chargedIdr,
  countryOfCurrency,
  REMITTANCE_LIMITS,
  type RemittanceCurrency,
  type RemittanceFields,
  type RemittanceInquiryResult,
  type RemittanceTableData,
  toDestination,
  toIdr,
} from '@gerbang/shared/contract/remittance';
import type { Selectable } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { bindingChecksum, maskEmail } from '../../platform/binding';
import { newTransactionId, newUuid } from '../../platform/ids';
import { requireOwnPassword } from '../account/own-password';
import { availableBalance } from '../payouts/accounts';
import { findInternationalBank } from './banks';
import { issueRemittanceOtp } from './otp';
import { rateOf } from './rates';
import type { RemittanceInquiriesTable } from './tables';

export type RemittanceInquiryRow = Selectable<RemittanceInquiriesTable>;

/** An inquiry can be paid for this long; its OTP lives 10 minutes within it. */
export const INQUIRY_TTL_MS = 15 * 60_000;
/** The rate of an inquiry (its quote) holds this long; a later payment is refused. */
export const QUOTE_VALIDITY_MS = 10 * 60_000;

export function logoUrl(): string {
  return '/api/transaction/bank_logo/INTL';
}

/** Recomputes an inquiry's checksum from its stored fields (the payment's binding check). */
export function expectedChecksum(secret: string, row: RemittanceInquiryRow): string {
  return bindingChecksum(secret, 'remittance-inquiry-v1', [
    row.id_transaksi,
    row.agent_id,
    row.environment,
    row.currency,
    row.bank_id,
    row.swift_code,
    row.account_number,
    row.account_name,
    row.amount,
    row.admin_fee,
    row.destination_amount,
    row.selling_rate,
    new Date(row.rate_valid_until).toISOString(),
    row.uuid_user,
    new Date(row.expires_at).toISOString(),
  ]);
}

export const foreignAmount = (row: { destination_amount: number; currency: string }) =>
  `${row.currency} ${row.destination_amount.toLocaleString('de-DE')}`;

export function inquiryTable(row: RemittanceInquiryRow, lang: Language): RemittanceTableData {
  return {
    CATATAN: '',
    'ID TRANSAKSI': row.id_transaksi,
    KETERANGAN: translate(lang, 'remittance.keteranganInquiry', {
      destination: `${row.bank_name} ${row.account_number}`,
    }),
    'NAMA CHANNEL': row.bank_name,
    'NAMA PELANGGAN': row.account_name,
    'NAMA PRODUK': `REMITTANCE ${row.currency}`,
    'NO PELANGGAN': row.account_number,
    NOMINAL: row.amount,
    'NOMINAL ADMIN': row.admin_fee,
    'NOMINAL TUJUAN': foreignAmount(row),
    KURS: row.selling_rate,
    'TANGGAL TRANSAKSI': formatWibDateTime(new Date(row.created_at)),
  };
}

export function inquiryAnswer(
  row: RemittanceInquiryRow,
  lang: Language,
  email: string,
  requested: number,
): RemittanceInquiryResult {
  return {
    tabledata: inquiryTable(row, lang),
    nominal: row.amount,
    nominal_requested: requested,
    rounding: requested - row.amount,
    nominal_admin: row.admin_fee,
    total: row.amount + row.admin_fee,
    nominal_destination: row.destination_amount,
    currency: row.currency as RemittanceCurrency,
    selling_rate: row.selling_rate,
    rate_valid_until: new Date(row.rate_valid_until).toISOString(),
    produkname: row.bank_name,
    checksum: row.checksum,
    uuid_user: row.uuid_user,
    idtransaksi: row.id_transaksi,
    url_image: logoUrl(),
    expires_at: new Date(row.expires_at).toISOString(),
    email,
  };
}

async function checkPassword(services: Services, actor: UserActor, password: string) {
  try {
    await requireOwnPassword({ services, ...actor }, password, 'remittance_inquiry');
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'account.ownPasswordWrong') {
      throw refused('remittance.wrongPassword');
    }
    throw error;
  }
}

/**
 * Spec 02 §5: the IDR typed gives floor(IDR ÷ rate); or the destination typed gives × rate. Either
 * way only what is sent is charged: destination × rate (see `chargedIdr`).
 */
function checkConversion(fields: RemittanceFields, rate: number): void {
  const fromIdr = toDestination(fields.nominal, rate) === fields.nominal_destination;
  const fromDestination = toIdr(fields.nominal_destination, rate) === fields.nominal;
  if (!fromIdr && !fromDestination) throw refused('remittance.amountMismatch');
}

/**
 * transaction/cashout_inquiry_remittance, on fields that passed `remittanceInquiryRequest` (the
 * field rules in the spec's order, the same schema the page's form uses): the destination bank,
 * the current rate and the conversion, the 50,000,000 limit, the account password (argon2,
 * outside any transaction), the balance (amount + fee), the partner's beneficiary check; then the
 * inquiry and its OTP are written together and the OTP is mailed (the withdraw OTP rules).
 */
export async function createRemittanceInquiry(
  services: Services,
  actor: UserActor,
  fields: RemittanceFields,
): Promise<RemittanceInquiryResult> {
  const { auth, lang } = actor;
  const country = countryOfCurrency(fields.currency);
  const bank = country && findInternationalBank(country.country_code, fields.kodebanktujuan);
  if (!country || !bank) throw validationError('remittance.unknownBank');
  const rate = await rateOf(services, country.currency);
  if (!rate) throw refused('remittance.rail.BANK_UNAVAILABLE');
  checkConversion(fields, rate.selling_rate);
  if (fields.nominal > REMITTANCE_LIMITS.maxAmount) {
    throw validationError('remittance.maxAmount', {
      max: formatRupiah(REMITTANCE_LIMITS.maxAmount),
    });
  }
  await checkPassword(services, actor, fields.password);
  const amount = chargedIdr(fields.nominal_destination, rate.selling_rate);
  const fee = REMITTANCE_LIMITS.adminFee;
  const total = amount + fee;
  const balance = await availableBalance(services.ledger, auth.agent.id, auth.environment);
  if (balance < total) {
    throw refused('remittance.insufficientBalance', {
      total: formatRupiah(total),
      balance: formatRupiah(balance),
    });
  }
  const now = services.now();
  const found = await services.rails.remittance.checkBeneficiary({
    currency: country.currency,
    bankId: bank.id,
    swiftCode: fields.swift_code.trim().toUpperCase(),
    accountNumber: fields.account_number.trim(),
    beneficiaryName: fields.anrekening,
    now,
  });
  if (!found.ok) throw refused(`remittance.rail.${found.code}`);

  const uuidUser = newUuid();
  const expiresAt = new Date(now.getTime() + INQUIRY_TTL_MS);
  const base = {
    agent_id: auth.agent.id,
    environment: auth.environment,
    user_id: auth.user.id,
    currency: country.currency,
    country_code: country.country_code,
    bank_id: bank.id,
    bank_name: bank.namaBank,
    swift_code: fields.swift_code.trim().toUpperCase(),
    account_number: fields.account_number.trim().replace(/\s+/g, ''),
    account_name: found.accountName,
    city: fields.city.trim(),
    address: fields.address.trim(),
    id_number_receiver: fields.id_number_receiver.trim(),
    phone_receiver: fields.phonenumberreceiver.trim(),
    ifs_code: fields.ifscode.trim().toUpperCase(),
    nationality: fields.nationality.trim().toUpperCase(),
    purpose: fields.purposetransaction.trim(),
    amount,
    admin_fee: fee,
    destination_amount: fields.nominal_destination,
    selling_rate: rate.selling_rate,
    rate_id: rate.id,
    rate_valid_until: new Date(now.getTime() + QUOTE_VALIDITY_MS),
    uuid_user: uuidUser,
    created_at: now,
    expires_at: expiresAt,
  };
  const { inserted: row, code } = await services.db.transaction().execute(async (trx) => {
    const id_transaksi = await newTransactionId(services, trx, 'IR', now);
    const draft = {
      ...base,
      id: 0,
      id_transaksi,
      checksum: '',
      paid_at: null,
      payment_fingerprint: null,
    };
    const checksum = expectedChecksum(services.config.sessionSecret, draft as RemittanceInquiryRow);
    const inserted = await trx
      .insertInto('remittance_inquiries')
      .values({ ...base, id_transaksi, checksum })
      .returningAll()
      .executeTakeFirstOrThrow();
    const otp = await issueRemittanceOtp(services, trx, inserted, now);
    return { inserted, code: otp.code };
  });
  await services.mail.send({
    to: auth.user.username,
    kind: 'otp',
    subject: translate(lang, 'remittance.otpMailSubject', { code }),
    text: translate(lang, 'remittance.otpMailBody', {
      name: auth.user.nama,
      code,
      amount: formatRupiah(row.amount + row.admin_fee),
      destination: `${foreignAmount(row)} → ${row.bank_name} ${row.account_number} a.n. ${row.account_name}`,
      minutes: Math.round(OTP_TTL_MS / 60_000),
    }),
  });
  return inquiryAnswer(row, lang, maskEmail(auth.user.username), fields.nominal);
}
