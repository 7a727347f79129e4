import { remittanceInquiryRequest } from '@gerbang/shared/contract/remittance';
import { requestResolver } from '../../lib/forms/spec-form';

export interface RemittanceForm {
  currency: string;
  /** Digits only. */
  nominal: string;
  nominalDestination: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  city: string;
  address: string;
  idNumber: string;
  swift: string;
  phone: string;
  ifsc: string;
  nationality: string;
  password: string;
  purpose: string;
}

export const EMPTY_REMITTANCE_FORM: RemittanceForm = {
  currency: '',
  nominal: '',
  nominalDestination: '',
  bank: '',
  accountNumber: '',
  accountName: '',
  city: '',
  address: '',
  idNumber: '',
  swift: '',
  phone: '',
  ifsc: '',
  nationality: '',
  password: '',
  purpose: '',
};

/**
 * The inquiry request from the form: the page checks it with the shared schema and sends the same
 * body. `countryCodeOf` reads the destination country of the currency from the published list.
 */
export function remittanceRequest(
  form: RemittanceForm,
  countryCodeOf: (currency: string) => string | undefined,
) {
  return {
    country_destination: countryCodeOf(form.currency) ?? '',
    currency: form.currency,
    nominal: Number(form.nominal || '0'),
    nominal_destination: Number(form.nominalDestination || '0'),
    account_number: form.accountNumber,
    city: form.city,
    address: form.address,
    id_number_receiver: form.idNumber,
    swift_code: form.swift,
    anrekening: form.accountName,
    password: form.password,
    purposetransaction: form.purpose,
    kodebanktujuan: form.bank,
    phonenumberreceiver: form.phone,
    ifscode: form.ifsc,
    nationality: form.nationality,
  };
}

/** The remittance form checked with the inquiry schema the server uses (spec 02 §5 order). */
export const remittanceResolver = (countryCodeOf: (currency: string) => string | undefined) =>
  requestResolver<RemittanceForm>(
    () => remittanceInquiryRequest,
    (form) => remittanceRequest(form, countryCodeOf),
  );
