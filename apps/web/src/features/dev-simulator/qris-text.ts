/**
 * What the payer's app shows of a QRIS payload before paying: the amount (tag 54) and the
 * merchant name (tag 59). Only reads top-level TLV fields; the server checks the CRC and the bill.
 */
export function readQrisText(payload: string): { amount: number | null; merchant: string | null } {
  const text = payload.trim();
  const fields = new Map<string, string>();
  let at = 0;
  while (at + 4 <= text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length)) break;
    const end = at + 4 + Number(length);
    if (end > text.length) break;
    fields.set(tag, text.slice(at + 4, end));
    at = end;
  }
  if (fields.get('00') !== '01') return { amount: null, merchant: null };
  const amountText = fields.get('54');
  const amount =
    amountText && /^\d+(\.0+)?$/.test(amountText) ? Number.parseInt(amountText, 10) : null;
  return { amount, merchant: fields.get('59') ?? null };
}
