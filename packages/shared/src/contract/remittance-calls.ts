import { z } from 'zod';
import { defineCall } from './call';
import {
  bankInternationalQuery,
  countryItem,
  currencyCountryItem,
  internationalBankItem,
  purposeItem,
  REMITTANCE_ACCESS,
  remittanceDetailResult,
  remittanceInquiryRequest,
  remittanceInquiryResult,
  remittancePaymentRequest,
  remittanceReceipt,
  remittanceStatusQuery,
  remittanceStatusResult,
} from './remittance';

/**
 * The international transfer calls of spec 02 §7. The server checks the agent's allow-list before
 * it reads the request (an agent outside it learns nothing from a validation message), so its
 * routes parse these schemas in the handler (modules/remittance/routes.ts).
 */
export const remittanceCalls = {
  currencies: defineCall({
    method: 'GET',
    path: '/transaction/list_currency_country',
    access: REMITTANCE_ACCESS,
    response: z.array(currencyCountryItem),
  }),
  countries: defineCall({
    method: 'GET',
    path: '/transaction/list_country',
    access: REMITTANCE_ACCESS,
    response: z.array(countryItem),
  }),
  banks: defineCall({
    method: 'GET',
    path: '/transaction/list_bank_international',
    access: REMITTANCE_ACCESS,
    query: bankInternationalQuery,
    response: z.array(internationalBankItem),
  }),
  purposes: defineCall({
    method: 'GET',
    path: '/data/transfer_purpose_list_remittance',
    access: REMITTANCE_ACCESS,
    response: z.array(purposeItem),
  }),
  inquiry: defineCall({
    method: 'POST',
    path: '/transaction/cashout_inquiry_remittance',
    access: REMITTANCE_ACCESS,
    request: remittanceInquiryRequest,
    response: remittanceInquiryResult,
  }),
  payment: defineCall({
    method: 'POST',
    path: '/transaction/cashout_payment_remittance',
    access: { ...REMITTANCE_ACCESS, stepUp: true },
    request: remittancePaymentRequest,
    response: remittanceReceipt,
  }),
  status: defineCall({
    method: 'GET',
    path: '/transaction/status_remittance',
    access: REMITTANCE_ACCESS,
    query: remittanceStatusQuery,
    response: remittanceStatusResult,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/transaction/detail_remittance',
    access: REMITTANCE_ACCESS,
    query: remittanceStatusQuery,
    response: remittanceDetailResult,
  }),
};
