import { describe, expect, it } from 'vitest';
import { buildDynamicQris, crc16CcittFalse, parseQris, parseTlv, withCrc } from './qris';
import { settlementDate } from './schedule';

/** Published sample: the README of github.com/sunary/qris (a dynamic Shopee QR for Rp144.000). */
const SUNARY_SAMPLE =
  '00020101021226380016ID.CO.SHOPEE.WWW010201020815863724530336054061440005802ID5921PT. SHOPPEE INDONESIA6007JAKARTA62180814gen by go-qris63049635';

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogue check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('gives 0xFFFF (the initial value) for the empty string', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });

  it('matches the CRC of a published QRIS payload, computed over the text including 6304', () => {
    const head = SUNARY_SAMPLE.slice(0, -4);
    expect(head.endsWith('6304')).toBe(true);
    expect(crc16CcittFalse(head).toString(16).toUpperCase().padStart(4, '0')).toBe('9635');
    expect(withCrc(head.slice(0, -4))).toBe(SUNARY_SAMPLE);
  });
});

describe('QRIS payloads', () => {
  it('parses the published sample: dynamic, Rp144.000, valid CRC', () => {
    const parsed = parseQris(SUNARY_SAMPLE);
    expect(parsed).toMatchObject({ ok: true, qris: { dynamic: true, amount: 144_000 } });
  });

  it('refuses a payload whose amount was changed without a new CRC', () => {
    const tampered = SUNARY_SAMPLE.replace('5406144000', '5406144001');
    expect(parseQris(tampered)).toEqual({ ok: false, reason: 'bad_crc' });
  });

  it('builds a dynamic payload with the EMVCo MPM tags, which parses back', () => {
    const payload = buildDynamicQris({
      nmid: 'ID1025380163258',
      merchantPan: '936000000000000700',
      mcc: '5999',
      merchantName: 'Toko Makmur Jaya Sentosa Abadi Selamanya',
      merchantCity: 'JAKARTA',
      amount: 150_000,
      billNumber: 'QR12345678901234',
    });
    const fields = parseTlv(payload);
    expect(fields?.get('00')).toBe('01');
    expect(fields?.get('01')).toBe('12');
    expect(parseTlv(fields?.get('26') ?? '')?.get('00')).toBe('ID.CO.QRIS.WWW');
    expect(fields?.get('52')).toBe('5999');
    expect(fields?.get('53')).toBe('360');
    expect(fields?.get('54')).toBe('150000');
    expect(fields?.get('58')).toBe('ID');
    expect(fields?.get('59')).toHaveLength(25);
    expect(fields?.get('60')).toBe('JAKARTA');
    expect(parseTlv(fields?.get('62') ?? '')?.get('01')).toBe('QR12345678901234');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(Number.parseInt(payload.slice(-4), 16));
    expect(parseQris(payload)).toMatchObject({
      ok: true,
      qris: { amount: 150_000, billNumber: 'QR12345678901234', nmid: 'ID1025380163258' },
    });
  });
});

describe('settlement dates (WIB business days)', () => {
  // 2026-11-20 is a Friday.
  const at = (iso: string) => new Date(iso);
  it('D+1 of a Friday payment is Monday; D+0 of a Saturday payment is Monday', () => {
    expect(settlementDate(at('2026-11-20T10:00:00+07:00'), 1)).toBe('2026-11-23');
    expect(settlementDate(at('2026-11-21T10:00:00+07:00'), 0)).toBe('2026-11-23');
    expect(settlementDate(at('2026-11-21T10:00:00+07:00'), 1)).toBe('2026-11-24');
  });
  it('uses the WIB date: 23:30 UTC on Thursday is Friday in Jakarta', () => {
    expect(settlementDate(at('2026-11-19T23:30:00Z'), 0)).toBe('2026-11-20');
    expect(settlementDate(at('2026-11-19T23:30:00Z'), 2)).toBe('2026-11-24');
  });
});
