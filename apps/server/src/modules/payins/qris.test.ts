import { describe, expect, it } from 'vitest';
import {
  buildDynamicQris,
  buildStaticQris,
  crc16CcittFalse,
  parseQris,
  parseTlv,
  withCrc,
} from './qris';
import { merchantCriteria, qrisMerchantFor, revenueUpperBound } from './qris-merchant';
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

  const merchant = qrisMerchantFor(42, {
    name: 'Toko Makmur Jaya Sentosa Abadi Selamanya',
    nmid: 'ID1025380163258',
    city: 'Kota Bandung',
    postalCode: '40111',
    revenue: 'Rp 100 - 500 juta per tahun',
  });

  it('builds a dynamic payload in the national layout, which parses back', () => {
    const payload = buildDynamicQris(merchant, { amount: 150_000, billNumber: 'QR12345678901234' });
    const fields = parseTlv(payload);
    expect([...(fields?.keys() ?? [])]).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
    ]);
    expect(fields?.get('01')).toBe('12');
    const acquirer = parseTlv(fields?.get('26') ?? '');
    expect(acquirer?.get('00')).toBe('ID.CO.GERBANG.WWW');
    expect(acquirer?.get('01')).toBe('936000000000004200');
    expect(acquirer?.get('02')).toBe('000000000000042');
    expect(acquirer?.get('03')).toBe('UKE');
    const repository = parseTlv(fields?.get('51') ?? '');
    expect(repository?.get('00')).toBe('ID.CO.QRIS.WWW');
    expect(repository?.get('02')).toBe('ID1025380163258');
    expect(repository?.get('03')).toBe('UKE');
    expect(fields?.get('52')).toBe('5999');
    expect(fields?.get('53')).toBe('360');
    expect(fields?.get('54')).toBe('150000');
    expect(fields?.get('58')).toBe('ID');
    expect(fields?.get('59')).toHaveLength(25);
    expect(fields?.get('60')).toBe('KOTA BANDUNG');
    expect(fields?.get('61')).toBe('40111');
    expect(parseTlv(fields?.get('62') ?? '')?.get('01')).toBe('QR12345678901234');
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(Number.parseInt(payload.slice(-4), 16));
    expect(parseQris(payload)).toMatchObject({
      ok: true,
      qris: { amount: 150_000, billNumber: 'QR12345678901234', nmid: 'ID1025380163258' },
    });
  });

  it('builds a static payload without amount or bill, with the NMID in tag 51', () => {
    const payload = buildStaticQris(merchant, 'STATIC01');
    const fields = parseTlv(payload);
    expect(fields?.get('01')).toBe('11');
    expect(fields?.has('54')).toBe(false);
    expect(parseTlv(fields?.get('62') ?? '')?.get('07')).toBe('STATIC01');
    expect(parseQris(payload)).toMatchObject({
      ok: true,
      qris: { dynamic: false, amount: null, billNumber: null, nmid: 'ID1025380163258' },
    });
  });

  it('still reads the NMID of a payload issued before the national layout (tag 26/02)', () => {
    const old = withCrc(
      '000201010211' +
        '26660014ID.CO.QRIS.WWW01189360000000000042000215ID10000000000420303UMI' +
        '520459995303360' +
        '5802ID5904TOKO6007JAKARTA',
    );
    expect(parseQris(old)).toMatchObject({ ok: true, qris: { nmid: 'ID1000000000042' } });
  });

  it('places a merchant without an address in Jakarta 10110, micro', () => {
    const bare = qrisMerchantFor(7, { name: 'Warung', postalCode: 'abc' });
    expect(bare).toMatchObject({
      nmid: 'ID1000000000007',
      city: 'JAKARTA',
      postalCode: '10110',
      criteria: 'UMI',
    });
  });
});

describe('QRIS merchant criteria from the declared yearly revenue', () => {
  it.each([
    ['Rp 100 - 500 juta per tahun', 500e6, 'UKE'],
    ['< 300 juta', 300e6, 'UMI'],
    ['Rp 250.000.000', 250e6, 'UMI'],
    ['1 - 2,5 miliar', 2.5e9, 'UKE'],
    ['10 M', 10e9, 'UME'],
    ['lebih dari 50 miliar', 50e9 + 1, 'UBE'],
    ['2 triliun', 2e12, 'UBE'],
  ])('%s', (text, rupiah, criteria) => {
    expect(revenueUpperBound(text)).toBe(rupiah);
    expect(merchantCriteria(text)).toBe(criteria);
  });

  it('counts an unreadable or missing revenue as micro', () => {
    expect(revenueUpperBound('belum ada')).toBeNull();
    expect(merchantCriteria('belum ada')).toBe('UMI');
    expect(merchantCriteria(null)).toBe('UMI');
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
