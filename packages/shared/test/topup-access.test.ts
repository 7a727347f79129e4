import { describe, expect, it } from 'vitest';
import { TOPUP_ACCESS } from '../src/contract/topup';
import { type AccessSubject, evaluateAccess } from '../src/domain/access-rule';

/** TOPUP_ACCESS (spec 02 §6): topup READ and ADD, API, not END USER, production only. */
const topup = (actions: string, denied = ''): AccessSubject['access'] => [
  { id_modul: 117, nama_modul: 'topup', hak_akses: actions, hak_akses_dilarang: denied },
];

describe('top-up access rule', () => {
  const subject: AccessSubject = {
    access: topup('READ|ADD'),
    userType: 'Business',
    idGrup: 6,
    apiEnabled: true,
    isMainUser: true,
    kycApproved: true,
    environment: 'production',
  };
  const verdict = (over: Partial<AccessSubject>) =>
    evaluateAccess(TOPUP_ACCESS.page, { ...subject, ...over });

  it('allows READ and ADD with API in production, and nothing less', () => {
    expect(verdict({})).toBe('allowed');
    expect(verdict({ access: topup('READ') })).toBe('denied');
    expect(verdict({ access: topup('ADD') })).toBe('denied');
    expect(verdict({ access: topup('READ|ADD', 'ADD') })).toBe('denied');
    expect(verdict({ apiEnabled: false })).toBe('denied');
    expect(verdict({ userType: 'Personal END USER' })).toBe('denied');
    expect(verdict({ environment: 'sandbox' })).toBe('sandbox');
  });
});
