/**
 * QRIS payloads: EMVCo merchant-presented mode (MPM) text, a list of TLV fields (two-digit tag,
 * two-digit length, value) that ends with tag 63, the CRC-16/CCITT-FALSE (polynomial 0x1021,
 * initial 0xFFFF, no reflection, no final xor) of everything before it, `6304` included.
 * Pure functions: the issuer builds a payload, the simulator parses one back.
 */

/** QRIS's reverse-domain GUI (tag 26/00 and 51/00) and the fixed tags of a rupiah QR. */
export const QRIS_GUI = 'ID.CO.QRIS.WWW';
const CURRENCY_IDR = '360';
const COUNTRY_ID = 'ID';
/** Tag 01: 11 static (many payments), 12 dynamic (one payment, amount in tag 54). */
const POI_DYNAMIC = '12';
const MAX_FIELD_LENGTH = 99;

export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field; values are ASCII and at most 99 characters (the length has two digits). */
export function tlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new RangeError(`bad QRIS tag ${tag}`);
  if (value.length > MAX_FIELD_LENGTH) throw new RangeError(`QRIS tag ${tag} longer than 99`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** Appends tag 63 with the CRC over the payload including "6304". */
export function withCrc(body: string): string {
  const head = `${body}6304`;
  return `${head}${crcHex(head)}`;
}

export interface DynamicQrisInput {
  /** The merchant's national merchant id, e.g. ID1025380163258. */
  nmid: string;
  /** The acquirer's merchant PAN (tag 26/01). */
  merchantPan: string;
  /** Merchant category code (tag 52), four digits. */
  mcc: string;
  merchantName: string;
  merchantCity: string;
  /** Whole rupiah (tag 54). */
  amount: number;
  /** Our bill number (tag 62/01): how a payment finds its bill. */
  billNumber: string;
}

/** EMVCo text allows at most the field length; names are cut, never rejected. */
const fit = (text: string, max: number) => text.replace(/[^\x20-\x7e]/g, '').slice(0, max);

export function buildDynamicQris(input: DynamicQrisInput): string {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('QRIS amount must be a positive whole number of rupiah');
  }
  const merchantAccount =
    tlv('00', QRIS_GUI) + tlv('01', input.merchantPan) + tlv('02', input.nmid) + tlv('03', 'UMI');
  const body = [
    tlv('00', '01'),
    tlv('01', POI_DYNAMIC),
    tlv('26', merchantAccount),
    tlv('52', input.mcc),
    tlv('53', CURRENCY_IDR),
    tlv('54', String(input.amount)),
    tlv('58', COUNTRY_ID),
    tlv('59', fit(input.merchantName, 25) || 'MERCHANT'),
    tlv('60', fit(input.merchantCity, 15) || 'JAKARTA'),
    tlv('62', tlv('01', input.billNumber)),
  ].join('');
  return withCrc(body);
}

/**
 * A static QRIS (tag 01 = 11): the merchant's printed sticker, paid many times, the payer types
 * the amount; no amount and no bill number (issue 17 §2, issued with an approved NMID).
 */
export function buildStaticQris(
  input: Omit<DynamicQrisInput, 'amount' | 'billNumber'> & { terminalLabel: string },
): string {
  const merchantAccount =
    tlv('00', QRIS_GUI) + tlv('01', input.merchantPan) + tlv('02', input.nmid) + tlv('03', 'UMI');
  const body = [
    tlv('00', '01'),
    tlv('01', '11'),
    tlv('26', merchantAccount),
    tlv('52', input.mcc),
    tlv('53', CURRENCY_IDR),
    tlv('58', COUNTRY_ID),
    tlv('59', fit(input.merchantName, 25) || 'MERCHANT'),
    tlv('60', fit(input.merchantCity, 15) || 'JAKARTA'),
    tlv('62', tlv('07', fit(input.terminalLabel, 25) || 'A01')),
  ].join('');
  return withCrc(body);
}

export type TlvFields = ReadonlyMap<string, string>;

/** Splits TLV text into its fields; null when the text is not well-formed TLV. */
export function parseTlv(text: string): TlvFields | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length)) return null;
    const end = at + 4 + Number(length);
    if (end > text.length) return null;
    fields.set(tag, text.slice(at + 4, end));
    at = end;
  }
  return fields;
}

export interface ParsedQris {
  dynamic: boolean;
  /** Tag 54 as a whole rupiah amount; null for a static QR. */
  amount: number | null;
  /** Tag 62/01. */
  billNumber: string | null;
  merchantName: string | null;
  /** The NMID from tag 26 or 51 (sub-tag 02), when present. */
  nmid: string | null;
}

export type QrisParseResult =
  | { ok: true; qris: ParsedQris }
  | { ok: false; reason: 'malformed' | 'bad_crc' | 'not_rupiah' };

/** Checks the CRC, then reads the fields a payment needs. */
export function parseQris(payload: string): QrisParseResult {
  const text = payload.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304')
    return { ok: false, reason: 'malformed' };
  const fields = parseTlv(text.slice(0, crcAt));
  if (fields?.get('00') !== '01') return { ok: false, reason: 'malformed' };
  if (crcHex(text.slice(0, crcAt + 4)) !== text.slice(crcAt + 4).toUpperCase()) {
    return { ok: false, reason: 'bad_crc' };
  }
  if (fields.get('53') !== CURRENCY_IDR) return { ok: false, reason: 'not_rupiah' };
  const amountText = fields.get('54');
  const amount =
    amountText && /^\d+(\.0+)?$/.test(amountText) ? Number.parseInt(amountText, 10) : null;
  const additional = parseTlv(fields.get('62') ?? '');
  let nmid: string | null = null;
  for (const tag of ['26', '51']) {
    const account = parseTlv(fields.get(tag) ?? '');
    const id = account?.get('02');
    if (id?.startsWith('ID')) nmid = id;
  }
  return {
    ok: true,
    qris: {
      dynamic: fields.get('01') === POI_DYNAMIC,
      amount,
      billNumber: additional?.get('01') ?? null,
      merchantName: fields.get('59') ?? null,
      nmid,
    },
  };
}
