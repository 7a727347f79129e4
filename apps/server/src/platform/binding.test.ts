import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bindingChecksum, checksumMatches, maskEmail, paymentFingerprint } from './binding';
import { wibStamp } from './ids';
import { hashOtp, newOtpCode } from './otp/code';
import { safeEqual } from './session/tokens';

/**
 * The binding helpers keep the exact outputs of the per-feature copies they replaced: stored
 * checksums, fingerprints and OTP hashes written before must still match.
 */
describe('platform/binding', () => {
  const secret = 'binding-secret';
  const hmac = (input: string) => createHmac('sha256', secret).update(input).digest('hex');

  it('checksums are an HMAC of tag|fields, as the withdraw and remittance copies wrote them', () => {
    expect(bindingChecksum(secret, 'withdraw-inquiry-v1', ['WD1', 7, 'production', 150_000])).toBe(
      hmac('withdraw-inquiry-v1|WD1|7|production|150000'),
    );
  });

  it('compares in constant time and refuses other lengths', () => {
    const sum = bindingChecksum(secret, 'x', ['a']);
    expect(checksumMatches(sum, sum)).toBe(true);
    expect(checksumMatches(sum.slice(1), sum)).toBe(false);
    expect(checksumMatches(`${sum.slice(0, -1)}0`, sum)).toBe(sum.endsWith('0'));
    expect(safeEqual('abc', 'abd')).toBe(false);
  });

  it('fingerprints do not depend on the order of the fields', () => {
    const a = paymentFingerprint({ reff_id: 'R', nominal: 10, number: '123' });
    expect(a).toBe(paymentFingerprint({ number: '123', nominal: 10, reff_id: 'R' }));
    expect(a).toBe(createHash('sha256').update('nominal=10&number=123&reff_id=R').digest('hex'));
  });

  it('masks e-mail addresses as before', () => {
    expect(maskEmail('partner@demo.id')).toBe('p***r@demo.id');
    expect(maskEmail('ab@demo.id')).toBe('a***@demo.id');
    expect(maskEmail('a@demo.id')).toBe('a***@demo.id');
    expect(maskEmail('nodomain')).toBe('n***');
  });

  it('OTP codes are six digits; their hash is an HMAC of parts|code', () => {
    for (let i = 0; i < 50; i++) expect(newOtpCode()).toMatch(/^\d{6}$/);
    expect(hashOtp(secret, ['withdraw-otp-v1', 'pid'], '012345')).toBe(
      hmac('withdraw-otp-v1|pid|012345'),
    );
  });

  it('the WIB stamp of transaction ids', () => {
    const at = new Date('2026-11-27T03:04:05Z'); // 10:04:05 WIB
    expect(wibStamp(at)).toBe('261127100405');
  });
});
