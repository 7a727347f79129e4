import type {
  AcceptedPickup,
  AcceptedSend,
  BankSendRequest,
  EwalletSendRequest,
  LookupResult,
  Rails,
  RemittanceCurrency,
  RemittanceSendRequest,
  RetailPickupRequest,
  RetailPickupResult,
  SendResult,
  StatusRequest,
  TransferStatus,
} from '../../rails';
import type { SubmissionRow } from './submissions';
import type { PayoutRail } from './tables';

/**
 * How the payout block talks to one rail: the rail's request built from a submission row, and
 * the three calls every payout rail answers. A new rail is one entry here (and its port in
 * `rails/`); `rail-work.ts` never switches on the rail.
 */
export interface RailAdapter<Request> {
  requestOf(row: SubmissionRow, at: Date): Request;
  send(rails: Rails, request: Request): Promise<SendResult | RetailPickupResult>;
  lookup(
    rails: Rails,
    request: { original: Request; now: Date },
  ): Promise<LookupResult<AcceptedSend | AcceptedPickup>>;
  status(rails: Rails, request: StatusRequest): Promise<TransferStatus>;
}

const bank: RailAdapter<BankSendRequest> = {
  requestOf: (row, now) => ({
    reference: row.reference,
    bankCode: row.rail_code,
    accountNumber: row.account_number,
    accountType: row.account_type === 'VA' ? 'VA' : 'NORMAL',
    amount: row.amount,
    now,
  }),
  send: (rails, request) => rails.bank.send(request),
  lookup: (rails, request) => rails.bank.lookup(request),
  status: (rails, request) => rails.bank.status(request),
};

const ewallet: RailAdapter<EwalletSendRequest> = {
  requestOf: (row, now) => ({
    reference: row.reference,
    productId: row.rail_code,
    phoneNumber: row.account_number,
    amount: row.amount,
    now,
  }),
  send: (rails, request) => rails.ewallet.send(request),
  lookup: (rails, request) => rails.ewallet.lookup(request),
  status: (rails, request) => rails.ewallet.status(request),
};

const retail: RailAdapter<RetailPickupRequest> = {
  requestOf: (row, now) => ({
    reference: row.reference,
    retailerCode: row.rail_code,
    customerNumber: row.account_number,
    amount: row.amount,
    now,
  }),
  send: (rails, request) => rails.retail.createPickup(request),
  lookup: (rails, request) => rails.retail.lookup(request),
  status: (rails, request) => rails.retail.status(request),
};

/**
 * A remittance submission keeps `CUR/bankId` as its rail code and the beneficiary's amount in the
 * currency's minor units (the remittance feature writes it so; the block reads no feature table).
 */
const remittance: RailAdapter<RemittanceSendRequest> = {
  requestOf: (row, now) => {
    const [currency = '', bankId = ''] = row.rail_code.split('/');
    return {
      reference: row.reference,
      currency: currency as RemittanceCurrency,
      bankId,
      accountNumber: row.account_number,
      amountMinor: row.amount,
      now,
    };
  },
  send: (rails, request) => rails.remittance.send(request),
  lookup: (rails, request) => rails.remittance.lookup(request),
  status: (rails, request) => rails.remittance.status(request),
};

export const RAIL_ADAPTERS: { [R in PayoutRail]: RailAdapter<any> } = {
  BANK: bank,
  EWALLET: ewallet,
  RETAIL: retail,
  REMITTANCE: remittance,
};
