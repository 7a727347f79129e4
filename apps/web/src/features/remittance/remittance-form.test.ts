import { countryOfCurrency } from '@gerbang/shared/contract/remittance';
import { describe, expect, it } from 'vitest';
import { firstProblemOf } from '../../lib/forms/spec-form';
import { EMPTY_REMITTANCE_FORM, type RemittanceForm, remittanceResolver } from './remittance-form';

const resolver = remittanceResolver((currency) => countryOfCurrency(currency)?.country_code);
/** Singapore asks for every conditional field but the IFS code. */
const valid: RemittanceForm = {
  ...EMPTY_REMITTANCE_FORM,
  currency: 'SGD',
  nominal: '1000000',
  nominalDestination: '80',
  bank: 'DBS',
  accountNumber: '1234567890',
  accountName: 'Tan Ah Kow',
  city: 'Singapore',
  address: '1 Raffles Place',
  idNumber: 'S1234567D',
  swift: 'DBSSSGSG',
  phone: '+6581234567',
  nationality: 'SG',
  password: 'secret',
  purpose: '1',
};
const problem = (form: Partial<RemittanceForm>) => firstProblemOf(resolver, { ...valid, ...form });

describe('remittance form: the first message in spec 02 §5 International order', () => {
  it('the emptiness rules, each before the next', async () => {
    const empty = EMPTY_REMITTANCE_FORM;
    expect(await problem(empty)).toBe('remittance.chooseCountry');
    const steps: Array<[keyof RemittanceForm, string]> = [
      ['nominal', 'remittance.enterAmount'],
      ['accountNumber', 'remittance.enterAccountNumber'],
      ['city', 'remittance.enterCity'],
      ['address', 'remittance.enterAddress'],
      ['idNumber', 'remittance.enterIdNumber'],
      ['swift', 'remittance.enterSwift'],
      ['accountName', 'remittance.enterAccountName'],
      ['password', 'remittance.enterPassword'],
      ['purpose', 'remittance.choosePurpose'],
      ['bank', 'remittance.chooseBank'],
      ['phone', 'remittance.enterPhone'],
      ['nationality', 'remittance.enterIfsc'],
    ];
    // Clearing this field and every later one shows this field's message.
    for (let i = 0; i < steps.length; i++) {
      const cleared = Object.fromEntries(steps.slice(i).map(([field]) => [field, '']));
      expect(await problem(cleared), steps[i][0]).toBe(steps[i][1]);
    }
    expect(await problem({ nominalDestination: '0' })).toBe('remittance.enterAmount');
    expect(await problem({ currency: 'INR', phone: '', nationality: '', ifsc: '' })).toBe(
      'remittance.enterIfsc',
    );
    expect(await problem({})).toBeNull();
  });

  it('the formats come after every emptiness rule, in their own order', async () => {
    expect(await problem({ accountNumber: 'ab#1', nationality: '' })).toBe('remittance.enterIfsc');
    expect(await problem({ accountNumber: 'ab#1', swift: 'XX' })).toBe(
      'remittance.checkAccountNumber',
    );
    expect(await problem({ swift: 'XX', phone: '123' })).toBe('remittance.swiftFormat');
    expect(await problem({ swift: 'DBSSMYKL', phone: '123' })).toBe('remittance.swiftCountry');
    expect(
      await problem({
        currency: 'INR',
        swift: 'SBININBB',
        ifsc: 'SBIN1',
        phone: '',
        nationality: '',
      }),
    ).toBe('remittance.ifscFormat');
    expect(await problem({ phone: '123', nationality: 'ZZ' })).toBe('remittance.phoneFormat');
    expect(await problem({ nationality: 'ZZ' })).toBe('remittance.enterIfsc');
  });

  it('a field longer than the request allows is reported before the rules, as the server does', async () => {
    expect(await problem({ city: 'x'.repeat(101), accountNumber: '' })).toBe(
      'remittance.textTooLong',
    );
  });
});
