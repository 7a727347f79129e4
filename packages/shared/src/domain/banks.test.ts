import { describe, expect, it } from 'vitest';
import {
  BANKS,
  BSI_VA_COMPANY_CODE,
  findBank,
  hasTutorial,
  isQrisListCode,
  isVaCapable,
  MANDIRI_VA_COMPANY_CODE,
  QRIS_LIST_CODES,
  TUTORIAL_BANK_CODES,
  VA_CAPABLE_BANK_CODES,
} from './banks';

describe('bank list', () => {
  it('holds the 23 banks of the glossary, once each, with 3-digit codes, sorted', () => {
    const codes = BANKS.map((bank) => bank.kodebank);
    expect(codes).toHaveLength(23);
    expect(new Set(codes).size).toBe(23);
    expect(codes.every((code) => /^\d{3}$/.test(code))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
  });

  it('finds banks by code with their display names', () => {
    expect(findBank('014')).toEqual({
      kodebank: '014',
      namabank: 'Bank BCA',
      vaCapable: true,
      hasTutorial: true,
    });
    expect(findBank('213')?.namabank).toBe('Bank BTPN / Jenius');
    expect(findBank('999')).toBeUndefined();
  });

  it('marks exactly the spec VA-capable banks', () => {
    const vaBanks = BANKS.filter((bank) => bank.vaCapable).map((bank) => bank.kodebank);
    expect(vaBanks.sort()).toEqual([...VA_CAPABLE_BANK_CODES].sort());
    expect(isVaCapable('011')).toBe(true);
    expect(isVaCapable('147')).toBe(false);
  });

  it('marks exactly the spec tutorial banks', () => {
    const tutorialBanks = BANKS.filter((bank) => bank.hasTutorial).map((bank) => bank.kodebank);
    expect(tutorialBanks.sort()).toEqual([...TUTORIAL_BANK_CODES].sort());
    expect(hasTutorial('490')).toBe(true);
    expect(hasTutorial('031')).toBe(false);
  });

  it('keeps QRIS-related list codes apart from banks', () => {
    for (const code of QRIS_LIST_CODES) {
      expect(isQrisListCode(code)).toBe(true);
      expect(findBank(code)).toBeUndefined();
    }
    expect(isQrisListCode('014')).toBe(false);
  });

  it('carries the VA company codes', () => {
    expect(MANDIRI_VA_COMPANY_CODE).toBe('87827');
    expect(BSI_VA_COMPANY_CODE).toBe('9001062');
  });
});
