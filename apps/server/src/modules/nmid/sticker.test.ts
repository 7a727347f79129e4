import { describe, expect, it } from 'vitest';
import { pdfTextItems } from '../../../test/helpers/pdf-text';
import { stickerPdf } from './sticker';

describe('QRIS sticker PDF', () => {
  it("prints the merchant's name as written, beyond Latin-1, with the NMID", async () => {
    const pdf = await stickerPdf({
      payload: '00020101021126570011ID.DANA.WWW',
      merchantName: 'Kedai Łukasz & Zoë — Đặng\nΑθήνα',
      nmid: 'ID1025123456789',
      createdAt: new Date('2026-01-05T03:00:00Z'),
    });
    const text = await pdfTextItems(pdf);
    expect(text).toEqual([
      'QRIS',
      'QR Code Standar Pembayaran Nasional',
      'Kedai Łukasz & Zoë — Đặng Αθήνα',
      'NMID: ID1025123456789',
    ]);
  });
});
