/**
 * Ports to the payment rails (ARCHITECTURE §6). The withdraw, transfer and top-up services talk
 * only to these interfaces; the built-in simulator and real connectors (SNAP-BI signing, retries,
 * certificates) implement them.
 *
 * Every call takes `now` so that callers (and tests) own time, and so that a connector can stamp
 * X-TIMESTAMP from the same instant the ledger used. Amounts are integer rupiah.
 */

import type { Environment, Language } from '@gerbang/shared';

// ── Shared result shapes ─────────────────────────────────────────────────────────────────────────

/** Why a destination cannot be used. Returned, not thrown: these are ordinary business answers. */
export type DestinationFailureCode =
  /** The bank, e-wallet or retailer says the account does not exist. */
  | 'ACCOUNT_NOT_FOUND'
  /** The destination is down ("gangguan"); the same request may work later. */
  | 'BANK_UNAVAILABLE'
  /** We have no route to this bank code, e-wallet product or retailer. */
  | 'UNKNOWN_DESTINATION'
  /** A virtual-account destination at a bank that has no virtual accounts. */
  | 'UNSUPPORTED_ACCOUNT_TYPE'
  /** The account or phone number is not well-formed. */
  | 'INVALID_ACCOUNT_NUMBER';

export type InquiryResult =
  | { readonly ok: true; readonly accountName: string }
  | { readonly ok: false; readonly code: DestinationFailureCode };

export type SendRejectionCode =
  | DestinationFailureCode
  | 'INVALID_AMOUNT'
  /** Remittance: the partner's compliance screening refused the beneficiary. */
  | 'COMPLIANCE_REFUSED';

/**
 * `accepted: true` means the rail owns the money now: the caller keeps its hold until `status`
 * reports a final answer. `accepted: false` means nothing left our side, so the hold can be voided.
 */
export type SendResult =
  | {
      readonly accepted: true;
      /** The rail's id for this transfer; the caller persists it and polls `status` with it. */
      readonly railReference: string;
      readonly expectedCompletionAt: Date;
    }
  | { readonly accepted: false; readonly code: SendRejectionCode };

/** What `send` answers when the rail accepted the transfer. */
export type AcceptedSend = Extract<SendResult, { readonly accepted: true }>;

/**
 * `lookup`: asks the rail, by OUR reference, whether it has a transfer from an earlier `send` whose
 * answer we never got (a timeout, a dropped connection, a crash). `original` is that send exactly
 * as it was made, its `now` included (SNAP: originalPartnerReferenceNo and the transaction date).
 */
export interface LookupRequest<Original> {
  readonly original: Original;
  readonly now: Date;
}

/**
 * `found: true` carries what `send` answered when it accepted the transfer. `found: false` only when
 * the rail is sure it never accepted our reference: the caller may then send again. A rail that
 * cannot tell must throw, so that the caller keeps asking instead of sending twice.
 */
export type LookupResult<Accepted> =
  | { readonly found: true; readonly sent: Accepted }
  | { readonly found: false };

export type ProcessingReason =
  | 'IN_PROGRESS'
  /** Sent during the nightly bank window (23:00–06:00 WIB); the bank works on it afterwards. */
  | 'QUEUED_BANK_DOWNTIME'
  | 'SLOW_BANK'
  /** Retail cash: the code is issued and the customer has not collected the cash yet. */
  | 'AWAITING_PICKUP';

export type FailureReason =
  | 'REJECTED_BY_BANK'
  /** Retail cash: nobody collected the cash before the code expired. */
  | 'PICKUP_EXPIRED'
  /** Failed by hand from the simulator's operator controls. */
  | 'FAILED_BY_OPERATOR';

export type TransferStatus =
  | {
      readonly status: 'PROCESSING';
      readonly reason: ProcessingReason;
      readonly expectedCompletionAt: Date;
    }
  | { readonly status: 'SUCCESS'; readonly completedAt: Date }
  | { readonly status: 'FAILED'; readonly reason: FailureReason; readonly failedAt: Date };

export interface StatusRequest {
  readonly railReference: string;
  readonly now: Date;
}

/**
 * Thrown by `status` for a reference the rail never issued. That is a bug or data corruption on our
 * side, not a failed transfer: the caller must not release the hold on it.
 */
export class UnknownRailReferenceError extends Error {
  constructor(readonly railReference: string) {
    super(`Unknown rail reference: ${railReference}`);
    this.name = 'UnknownRailReferenceError';
  }
}

// ── Bank transfer ────────────────────────────────────────────────────────────────────────────────

/** NORMAL is a savings/current account; VA is a virtual account at a VA-capable bank. */
export type AccountType = 'NORMAL' | 'VA';

export interface BankInquiryRequest {
  /** 3-digit Bank Indonesia code (packages/shared domain/banks). */
  readonly bankCode: string;
  readonly accountNumber: string;
  readonly accountType: AccountType;
  readonly now: Date;
}

export interface BankSendRequest {
  /** Our idempotency key for this transfer (SNAP partnerReferenceNo). */
  readonly reference: string;
  readonly bankCode: string;
  readonly accountNumber: string;
  /** Defaults to NORMAL. */
  readonly accountType?: AccountType;
  readonly amount: number;
  readonly now: Date;
}

export interface BankTransferRail {
  inquiry(request: BankInquiryRequest): Promise<InquiryResult>;
  send(request: BankSendRequest): Promise<SendResult>;
  /** The transfer of an earlier `send` with the same reference, if the bank has it. */
  lookup(request: LookupRequest<BankSendRequest>): Promise<LookupResult<AcceptedSend>>;
  status(request: StatusRequest): Promise<TransferStatus>;
}

// ── E-wallet top-up ──────────────────────────────────────────────────────────────────────────────

export interface EwalletInquiryRequest {
  /** `id_produk` of an e-wallet product (packages/shared domain/products). */
  readonly productId: string;
  /** The wallet's phone number, 08… (62… and +62… are accepted too). */
  readonly phoneNumber: string;
  readonly now: Date;
}

export interface EwalletSendRequest {
  readonly reference: string;
  readonly productId: string;
  readonly phoneNumber: string;
  readonly amount: number;
  readonly now: Date;
}

export interface EwalletRail {
  inquiry(request: EwalletInquiryRequest): Promise<InquiryResult>;
  send(request: EwalletSendRequest): Promise<SendResult>;
  lookup(request: LookupRequest<EwalletSendRequest>): Promise<LookupResult<AcceptedSend>>;
  status(request: StatusRequest): Promise<TransferStatus>;
}

// ── Retail cash withdrawal (Indomaret "Tarik Tunai") ─────────────────────────────────────────────

/** A text in both portal languages; the page picks one. */
export type BilingualText = Readonly<Record<Language, string>>;

export interface RetailPickupRequest {
  readonly reference: string;
  /** The rail code of the retailer, e.g. INDOMARET (see `railBankCodeFor` in shared products). */
  readonly retailerCode: string;
  /** What the withdraw form calls "customer number" for IDMTARIKTUNAI. */
  readonly customerNumber: string;
  readonly amount: number;
  readonly now: Date;
}

export type RetailPickupResult =
  | {
      readonly accepted: true;
      readonly railReference: string;
      /** KODE PENGAMBILAN: what the customer shows at the cashier (`token_code` in the spec). */
      readonly pickupCode: string;
      readonly expiresAt: Date;
      /** CARA BAYAR: how to collect the cash (`note` in the spec). */
      readonly howToCollect: BilingualText;
    }
  | { readonly accepted: false; readonly code: SendRejectionCode };

export type AcceptedPickup = Extract<RetailPickupResult, { readonly accepted: true }>;

export interface RetailCashRail {
  createPickup(request: RetailPickupRequest): Promise<RetailPickupResult>;
  /** The pickup of an earlier `createPickup` with the same reference, if the retailer has it. */
  lookup(request: LookupRequest<RetailPickupRequest>): Promise<LookupResult<AcceptedPickup>>;
  /** SUCCESS once the cash is collected; FAILED (PICKUP_EXPIRED) if the code lapses. */
  status(request: StatusRequest): Promise<TransferStatus>;
}

// ── Stubs for later issues: names and shapes only ───────────────────────────────────────────────

/** open: any amount; close: one fixed bill; close recurring: a fixed bill many times. */
export type VirtualAccountKind = 'OPEN' | 'CLOSE' | 'CLOSE_RECURRING';

/** Issues static (per merchant) and per-payment virtual accounts. */
export interface VaIssuerRail {
  issue(request: {
    readonly bankCode: string;
    readonly kind: VirtualAccountKind;
    readonly customerNumber: string;
    readonly holderName: string;
    /** Required for CLOSE kinds. */
    readonly amount?: number;
    readonly expiresAt?: Date;
    readonly now: Date;
  }): Promise<{ readonly vaNumber: string }>;
}

// ── Inbound payments (pay-ins) ──────────────────────────────────────────────────────────────────

/** Where the money arrived: a VA, a dynamic QRIS, a retail pay code, an e-wallet or card checkout or a bank account. */
export type InboundChannel = 'VA' | 'QRIS' | 'RETAIL' | 'EWALLET' | 'CREDIT_CARD' | 'BANK_TRANSFER';

/**
 * "This VA / QRIS / code / bank account received amount X at time T, bank reference R": what a VA
 * issuer, QRIS acquirer, retailer, e-wallet or bank tells us when money arrives. Connectors turn
 * their webhook or statement line into this; the simulator's payer page builds the same thing.
 */
export interface InboundPaymentNotification {
  readonly environment: Environment;
  readonly channel: InboundChannel;
  /** The bank's (or acquirer's) reference: the idempotency key of the payment. */
  readonly railReference: string;
  /** The VA number, the QRIS payload, the retail pay code, the checkout reference or the account number paid. */
  readonly paidTo: string;
  /** Whole rupiah. */
  readonly amount: number;
  readonly paidAt: Date;
}

/** Why an inbound payment was not taken; the rail answers the payer with it. */
export type InboundRefusal =
  | 'NOT_FOUND'
  | 'INACTIVE'
  | 'ALREADY_PAID'
  | 'CANCELLED'
  | 'EXPIRED'
  | 'AMOUNT_MISMATCH'
  | 'AMOUNT_TOO_SMALL'
  | 'CHANNEL_DISRUPTED'
  | 'INVALID_QRIS'
  | 'REFERENCE_CONFLICT';

export type InboundPaymentResult =
  | {
      readonly accepted: true;
      /** Our transaction id (or deposit id / suspense reference) of the payment. */
      readonly idTransaksi: string;
      /** The reference was seen before: nothing moved this time. */
      readonly replayed: boolean;
      /** held: merchant held balance; available: a matched top-up; suspense: unmatched transfer. */
      readonly outcome: 'held' | 'available' | 'suspense';
    }
  | { readonly accepted: false; readonly reason: InboundRefusal };

/**
 * `check`: asks the bank whether an account of ours received a transfer of exactly `amount` since
 * `since` (a statement look-up, SNAP "bank statement"). Used when a payer says "I have paid" before
 * the bank's own notification came. Every transfer found is a notification as the bank would have
 * sent it (its reference, its time); the caller hands it to the InboundPaymentHandler, which is
 * idempotent on the reference, so a transfer found twice is booked once.
 */
export interface InboundTransferCheckRequest {
  readonly environment: Environment;
  readonly accountNumber: string;
  readonly amount: number;
  readonly since: Date;
  readonly now: Date;
}

export interface InboundTransferRail {
  check(request: InboundTransferCheckRequest): Promise<readonly InboundPaymentNotification[]>;
}

/** The one handler every inbound rail calls (implemented by the pay-in block). */
export interface InboundPaymentHandler {
  receive(notification: InboundPaymentNotification): Promise<InboundPaymentResult>;
}

/** Dynamic QRIS (amount in tag 54) for a merchant's NMID. */
export interface QrisRail {
  createDynamicPayload(request: {
    readonly nmid: string;
    readonly reference: string;
    readonly amount: number;
    readonly expiresAt: Date;
    readonly now: Date;
  }): Promise<{ readonly payload: string }>;
}

// ── International remittance ────────────────────────────────────────────────────────────────────

/** Spec 02 §9: the six destination currencies. */
export type RemittanceCurrency = 'PHP' | 'INR' | 'MYR' | 'SGD' | 'CNY' | 'HKD';

/** A published selling rate: whole rupiah per unit of the currency, valid until `validUntil`. */
export interface RemittanceRate {
  readonly currency: RemittanceCurrency;
  readonly sellingRate: number;
  readonly validFrom: Date;
  readonly validUntil: Date;
}

export interface BeneficiaryCheckRequest {
  readonly currency: RemittanceCurrency;
  /** Our id of the destination bank (`SG-DBS`, see modules/remittance/banks.ts). */
  readonly bankId: string;
  readonly swiftCode: string;
  readonly accountNumber: string;
  readonly beneficiaryName: string;
  readonly now: Date;
}

export interface RemittanceSendRequest {
  /** Our idempotency key (the transaction's id_transaksi). */
  readonly reference: string;
  readonly currency: RemittanceCurrency;
  readonly bankId: string;
  readonly accountNumber: string;
  /** What the beneficiary receives, in minor units of `currency` (cents). */
  readonly amountMinor: number;
  readonly now: Date;
}

/**
 * International transfer through a remittance partner: the partner's rate sheet, a beneficiary
 * check before any money is held, then send / lookup / status like a bank (the payout block drives
 * it). A compliance refusal is a send rejection (nothing left our side).
 */
export interface RemittanceRail {
  /** The current selling rate of every currency; a rate is re-published when it runs out. */
  rates(request: { readonly now: Date }): Promise<readonly RemittanceRate[]>;
  checkBeneficiary(request: BeneficiaryCheckRequest): Promise<InquiryResult>;
  send(request: RemittanceSendRequest): Promise<SendResult>;
  lookup(request: LookupRequest<RemittanceSendRequest>): Promise<LookupResult<AcceptedSend>>;
  status(request: StatusRequest): Promise<TransferStatus>;
}
