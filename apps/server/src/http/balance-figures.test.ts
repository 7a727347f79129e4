import { catalogs, LANGUAGES, leafKeys, translate } from '@gerbang/shared';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context';
import { BALANCE_HIDDEN_KEYS, withoutHiddenBalance } from './balance-figures';
import { ApiError, refused } from './errors';

/** Mails to the owner's chosen alert recipients, not answers to the user who acted. */
const NOT_ANSWERS = /^alerts\.mail\./;

/** The catalog's own text of a key (no fallback, no interpolation); '' when missing. */
function messageOf(lang: (typeof LANGUAGES)[number], key: string): string {
  let node: unknown = catalogs[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}

function authWith(balanceView: boolean): AuthContext {
  const access = [
    {
      id_modul: 133,
      nama_modul: 'balance_view',
      hak_akses: 'READ',
      hak_akses_dilarang: balanceView ? '' : 'READ',
    },
  ];
  return { access } as unknown as AuthContext;
}

describe('refusals that tell the balance, for a user flagged "no balance"', () => {
  it('every message with a {{balance}} has its wording without the figure, in both languages', () => {
    const withBalance = leafKeys(catalogs.en).filter(
      (key) => messageOf('en', key).includes('{{balance}}') && !NOT_ANSWERS.test(key),
    );
    expect(withBalance.length).toBeGreaterThan(0);
    expect(withBalance.filter((key) => !(key in BALANCE_HIDDEN_KEYS))).toEqual([]);
    for (const hidden of Object.values(BALANCE_HIDDEN_KEYS)) {
      for (const lang of LANGUAGES) {
        const text = messageOf(lang, hidden);
        expect(text, `${lang} ${hidden}`).not.toBe('');
        expect(text).not.toContain('{{balance}}');
      }
    }
  });

  it('drops the balance for a user without balance_view and keeps it for the others', () => {
    const error = refused('withdraw.insufficientBalance', {
      total: 'Rp 102.500',
      balance: 'Rp 55.000',
    });
    const hidden = withoutHiddenBalance(error, authWith(false));
    expect(hidden.messageKey).toBe('withdraw.insufficientBalanceHidden');
    expect(hidden.rc).toBe(error.rc);
    expect(hidden.vars).toEqual({ total: 'Rp 102.500' });
    expect(translate('id', hidden.messageKey, hidden.vars)).not.toContain('55.000');
    expect(withoutHiddenBalance(error, authWith(true))).toBe(error);
    const other = new ApiError('99', 'withdraw.inquiryExpired');
    expect(withoutHiddenBalance(other, authWith(false))).toBe(other);
  });
});
