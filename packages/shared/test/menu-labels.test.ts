import { describe, expect, it } from 'vitest';
import { hasKey, translate } from '../src/i18n';

/**
 * Spec 01 §2 "Menu label dictionaries cover: … send money, … receive money, create payment
 * checkout, … unique-nominal remaining funds, …": the labels the menu dictionaries must carry in
 * both languages (English in the spec's words, Indonesian translated).
 */
const SPEC_MENU_LABELS = {
  'nav.sendMoney': { en: 'Send Money', id: 'Kirim Uang' },
  'nav.receiveMoney': { en: 'Receive Money', id: 'Terima Uang' },
  'nav.createPaymentCheckout': { en: 'Create Payment Checkout', id: 'Buat Payment Checkout' },
  'nav.uniqueNominalRemainingFunds': {
    en: 'Unique Nominal Remaining Funds',
    id: 'Sisa Dana Nominal Unik',
  },
} as const;

describe('menu label dictionaries (spec 01 §2)', () => {
  for (const [key, words] of Object.entries(SPEC_MENU_LABELS)) {
    it(`${key} reads "${words.en}" in English and "${words.id}" in Indonesian`, () => {
      expect(hasKey('en', key)).toBe(true);
      expect(hasKey('id', key)).toBe(true);
      expect(translate('en', key)).toBe(words.en);
      expect(translate('id', key)).toBe(words.id);
    });
  }
});
