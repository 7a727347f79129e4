/**
 * QRIS payloads: EMVCo merchant-presented mode (MPM) text, a list of TLV fields (two-digit tag,
 * two-digit length, value) that ends with tag 63, the CRC-16/CCITT-FALSE (polynomial 0x1021,
 * initial 0xFFFF, no reflection, no final xor) of everything before it, `6304` included.
 * Pure functions: the issuer builds a payload, the simulator parses one back.
 *
 * The national profile (ASPI's QRIS MPM specification on EMVCo MPM) puts the merchant in two
 * templates: tag 26 is the acquirer's (its reverse-domain GUID, the merchant PAN in 01, the
 * acquirer's merchant id in 02, the criteria in 03) and tag 51 the national merchant repository's
 * (GUID `ID.CO.QRIS.WWW`, the NMID in 02, the criteria in 03); tag 61 is the postal code. A
 * QRIS-aware reader looks for the NMID in 51/02 only. Layout checked against published stickers,
 * e.g. the decoded sample in the README of the npm package @terryds/qris-decoder
 * (`26…ID.CO.TELKOM.WWW…51…ID.CO.QRIS.WWW0215ID10211254059720303UMI…610565168…`).
 */

/** The national merchant repository's GUID (tag 51/00). */
export const QRIS_GUI = 'ID.CO.QRIS.WWW';
/** Gerbang as the acquirer (PJSP): the reverse-domain GUID of its merchant template (tag 26/00). */
export const ACQUIRER_GUI = 'ID.CO.GERBANG.WWW';
const CURRENCY_IDR = '360';
const COUNTRY_ID = 'ID';
/** Tag 01: 11 static (many payments), 12 dynamic (one payment, amount in tag 54). */
const POI_DYNAMIC = '12';
const POI_STATIC = '11';
const MAX_FIELD_LENGTH = 99;
/** EMVCo field lengths: merchant name 25, city 15, postal code 10. */
const NAME_MAX = 25;
const CITY_MAX = 15;
const POSTAL_MAX = 10;

/** QRIS merchant criteria: micro, small, medium, large business (usaha mikro/kecil/menengah/besar). */
export const QRIS_CRITERIA = ['UMI', 'UKE', 'UME', 'UBE'] as const;
export type QrisCriteria = (typeof QRIS_CRITERIA)[number];

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

/** Who is paid: what every QRIS of one merchant carries, static or dynamic. */
export interface QrisMerchant {
  /** The national merchant id, e.g. ID1025380163258 (tag 51/02). */
  nmid: string;
  /** The acquirer's merchant PAN (tag 26/01). */
  merchantPan: string;
  /** The acquirer's own merchant id (tag 26/02). */
  merchantId: string;
  /** Tags 26/03 and 51/03. */
  criteria: QrisCriteria;
  /** Merchant category code (tag 52), four digits. */
  mcc: string;
  name: string;
  city: string;
  /** Tag 61. */
  postalCode: string;
}

/** EMVCo text allows at most the field length; names are cut, never rejected. */
const fit = (text: string, max: number) => text.replace(/[^\x20-\x7e]/g, '').slice(0, max);

/** Tags 26 to 53 and 58 to 61, in tag order around the amount (tag 54) of a dynamic QR. */
function merchantFields(m: QrisMerchant, amount: string | null): string[] {
  const acquirer =
    tlv('00', ACQUIRER_GUI) +
    tlv('01', m.merchantPan) +
    tlv('02', m.merchantId) +
    tlv('03', m.criteria);
  const repository = tlv('00', QRIS_GUI) + tlv('02', m.nmid) + tlv('03', m.criteria);
  return [
    tlv('26', acquirer),
    tlv('51', repository),
    tlv('52', m.mcc),
    tlv('53', CURRENCY_IDR),
    ...(amount === null ? [] : [tlv('54', amount)]),
    tlv('58', COUNTRY_ID),
    tlv('59', fit(m.name, NAME_MAX) || 'MERCHANT'),
    tlv('60', fit(m.city.toUpperCase(), CITY_MAX) || 'JAKARTA'),
    tlv('61', fit(m.postalCode, POSTAL_MAX)),
  ];
}

/** A dynamic QRIS (tag 01 = 12): one payment of `amount`, found again by its bill number. */
export function buildDynamicQris(
  merchant: QrisMerchant,
  bill: {
    /** Whole rupiah (tag 54). */
    amount: number;
    /** Our bill number (tag 62/01): how a payment finds its bill. */
    billNumber: string;
  },
): string {
  if (!Number.isSafeInteger(bill.amount) || bill.amount <= 0) {
    throw new RangeError('QRIS amount must be a positive whole number of rupiah');
  }
  const body = [
    tlv('00', '01'),
    tlv('01', POI_DYNAMIC),
    ...merchantFields(merchant, String(bill.amount)),
    tlv('62', tlv('01', bill.billNumber)),
  ];
  return withCrc(body.join(''));
}

/**
 * A static QRIS (tag 01 = 11): the merchant's printed sticker, paid many times, the payer types
 * the amount; no amount and no bill number (issued with an approved NMID).
 */
export function buildStaticQris(merchant: QrisMerchant, terminalLabel: string): string {
  const body = [
    tlv('00', '01'),
    tlv('01', POI_STATIC),
    ...merchantFields(merchant, null),
    tlv('62', tlv('07', fit(terminalLabel, 25) || 'A01')),
  ];
  return withCrc(body.join(''));
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
  /** The NMID: tag 51/02, or 26/02 in a payload issued before the national layout. */
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
  // Tag 51 last: the national repository's NMID wins over an id in the acquirer's template.
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
