import { describe, expect, it } from 'vitest';
import { readQrisText } from './qris-text';

/** A dynamic QRIS as the pay-in block issues it (amount 100000, bill QR12345678901234). */
const ISSUED =
  '00020101021226660014ID.CO.QRIS.WWW01189360000000000042000215ID10000000000420303UMI' +
  '52045999530336054061000005802ID5925PT Nusantara Digital Niag6007JAKARTA' +
  '62200116QR123456789012346304AA40';

describe('readQrisText (what the payer app shows before paying)', () => {
  it('reads the amount (tag 54) and the merchant name (tag 59)', () => {
    expect(readQrisText(ISSUED)).toEqual({
      amount: 100_000,
      merchant: 'PT Nusantara Digital Niag',
    });
    expect(readQrisText(`  ${ISSUED}\n`)).toEqual({
      amount: 100_000,
      merchant: 'PT Nusantara Digital Niag',
    });
  });

  it('reads nothing from text that is not a QRIS payload, and no amount from a static QR', () => {
    expect(readQrisText('8014000112345678')).toEqual({ amount: null, merchant: null });
    expect(readQrisText('')).toEqual({ amount: null, merchant: null });
    const staticQr = '000201010211' + '5303360' + '5802ID' + '5904TOKO';
    expect(readQrisText(staticQr)).toEqual({ amount: null, merchant: 'TOKO' });
  });
});
