/**
 * A merchant's QRIS identity: what every QRIS it is paid through carries (payins/qris.ts builds
 * the text). One source for every payload Gerbang issues — the dynamic QR of a pay link, a
 * transfer order, the SNAP qr-mpm-generate call and the simulator, the static QR of the NMID
 * sticker, and the demo history.
 *
 * The data come from the merchant's latest approved NMID registration (its NMID, regency/city,
 * postal code and declared yearly revenue); without one, from its business registration (city
 * and postal code) and a demo NMID derived from its id; the location falls back to
 * DEFAULT_QRIS_LOCATION, so a payload always carries a postal code (tag 61).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { buildDynamicQris, buildStaticQris, type QrisCriteria, type QrisMerchant } from './qris';

/** Where a merchant with no registered address is placed (Gambir, Central Jakarta). */
export const DEFAULT_QRIS_LOCATION = { city: 'JAKARTA', postalCode: '10110' } as const;
/** Merchant category code of every Gerbang QR: 5999, miscellaneous retail. */
const MCC = '5999';

/** What the merchant told us; every field but the name may be missing. */
export interface QrisMerchantData {
  name: string;
  nmid?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** The yearly revenue as typed on the NMID form ("Rp 100 - 500 juta per tahun"). */
  revenue?: string | null;
}

const RUPIAH_UNITS: Record<string, number> = {
  rb: 1e3,
  ribu: 1e3,
  jt: 1e6,
  juta: 1e6,
  m: 1e9,
  miliar: 1e9,
  milyar: 1e9,
  t: 1e12,
  triliun: 1e12,
};

/** "2,5" and "2.5" are two and a half; "1.000.000" is a million (dots group thousands). */
function numberOf(text: string): number {
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replaceAll('.', ''));
  return Number(text.replace(',', '.'));
}

/**
 * The highest rupiah figure of a revenue text: a number without its own unit takes the next one
 * ("100 - 500 juta" is 100 and 500 million); "lebih dari" / "di atas" / ">" mean more than it.
 * Null when the text has no figure.
 */
export function revenueUpperBound(text: string): number | null {
  const lower = text.toLowerCase();
  const found = [
    ...lower.matchAll(/(\d+(?:[.,]\d+)*)\s*(ribu|rb|juta|jt|miliar|milyar|triliun|m|t)?\b/g),
  ];
  if (found.length === 0) return null;
  let unit = 1;
  let highest = 0;
  for (let i = found.length - 1; i >= 0; i--) {
    const match = found[i] as RegExpMatchArray;
    if (match[2]) unit = RUPIAH_UNITS[match[2]] ?? 1;
    highest = Math.max(highest, numberOf(match[1] ?? '0') * unit);
  }
  const above = /lebih dari|di ?atas|>|more than|above/.test(lower);
  return above ? highest + 1 : highest;
}

/**
 * The QRIS criteria from yearly sales, with the business-size bounds of Indonesian law (UU 20/2008
 * on MSMEs): micro up to Rp300 million, small up to Rp2.5 billion, medium up to Rp50 billion,
 * large above. A revenue we cannot read counts as micro, the criteria of most QRIS merchants.
 */
export function merchantCriteria(revenue: string | null | undefined): QrisCriteria {
  const rupiah = revenue ? revenueUpperBound(revenue) : null;
  if (rupiah === null || rupiah <= 300e6) return 'UMI';
  if (rupiah <= 2_500e6) return 'UKE';
  if (rupiah <= 50_000e6) return 'UME';
  return 'UBE';
}

/** A merchant's QRIS identity from its data (pure; the seed builds history with it). */
export function qrisMerchantFor(agentId: number, data: QrisMerchantData): QrisMerchant {
  const padded = String(agentId).padStart(11, '0');
  const postal = data.postalCode?.trim() ?? '';
  return {
    nmid: data.nmid ?? `ID10${padded}`,
    merchantPan: `93600${padded}00`,
    merchantId: String(agentId).padStart(15, '0'),
    criteria: merchantCriteria(data.revenue),
    mcc: MCC,
    name: data.name,
    city: data.city?.trim() || DEFAULT_QRIS_LOCATION.city,
    postalCode: /^\d{5,10}$/.test(postal) ? postal : DEFAULT_QRIS_LOCATION.postalCode,
  };
}

/** A business registration's fields (jsonb: an object, or its text from some drivers). */
function registrationPlace(fields: unknown): { city?: string; postalCode?: string } {
  const value = typeof fields === 'string' ? (JSON.parse(fields) as unknown) : fields;
  if (!value || typeof value !== 'object') return {};
  const f = value as Record<string, unknown>;
  return {
    city: typeof f.kabupaten === 'string' ? f.kabupaten : undefined,
    postalCode: typeof f.kode_pos === 'string' ? f.kode_pos : undefined,
  };
}

/** The merchant's QRIS identity, read from its NMID registration or business registration. */
export async function loadQrisMerchant(
  db: Kysely<Database>,
  agentId: number,
): Promise<QrisMerchant> {
  const row = await db
    .selectFrom('agents as a')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('nmid_requests')
          .select(['nmid', 'kabupaten', 'kode_pos', 'pendapatan'])
          .whereRef('agent_id', '=', 'a.id')
          .where('nmid', 'is not', null)
          .orderBy('id', 'desc')
          .limit(1)
          .as('nr'),
      (join) => join.onTrue(),
    )
    .leftJoin('registrations as r', 'r.agent_id', 'a.id')
    .select(['a.nama_agen', 'nr.nmid', 'nr.kabupaten', 'nr.kode_pos', 'nr.pendapatan', 'r.fields'])
    .where('a.id', '=', agentId)
    .executeTakeFirstOrThrow();
  const registered = registrationPlace(row.fields);
  return qrisMerchantFor(agentId, {
    name: row.nama_agen,
    nmid: row.nmid,
    city: row.kabupaten ?? registered.city,
    postalCode: row.kode_pos ?? registered.postalCode,
    revenue: row.pendapatan,
  });
}

/** The dynamic QRIS text of one bill (pure). */
export function qrisPayloadFor(merchant: QrisMerchant, amount: number, billNumber: string): string {
  return buildDynamicQris(merchant, { amount, billNumber });
}

/** The static QRIS of a merchant's sticker (pure; issued with an approved NMID). */
export function staticQrisPayloadFor(merchant: QrisMerchant): string {
  return buildStaticQris(merchant, 'STATIC01');
}
