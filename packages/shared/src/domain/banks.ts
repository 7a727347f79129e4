/**
 * Indonesian banks as the portal lists them (spec 02 §3, §9; GLOSSARY "Bank codes").
 * `kodebank` is the 3-digit Bank Indonesia code; `namabank` is the display name.
 */

export interface Bank {
  readonly kodebank: string;
  readonly namabank: string;
  /** The spec lets users pick a virtual-account destination (and issue VAs) only for these banks. */
  readonly vaCapable: boolean;
  /** The spec ships ATM / mobile / internet banking how-to steps for these banks. */
  readonly hasTutorial: boolean;
}

/** Spec 02 §9: "Bank codes treated as virtual account". */
export const VA_CAPABLE_BANK_CODES = ['008', '009', '014', '002', '011', '022', '013'] as const;

/** Spec 02 §9: bank codes with tutorial steps. */
export const TUTORIAL_BANK_CODES = [
  '002',
  '014',
  '008',
  '009',
  '490',
  '451',
  '022',
  '011',
  '013',
  '016',
  '028',
  '147',
  '153',
] as const;

/**
 * QRIS-related entries that appear in bank lists but are not banks; the portal keeps them apart
 * (spec 02 §9) and the VA list leaves 523 out (spec 02 §7).
 */
export const QRIS_LIST_CODES = ['523', 'QRISB', 'PAYGOPAY'] as const;
export type QrisListCode = (typeof QRIS_LIST_CODES)[number];

/** VA company codes that prefix the customer number (spec 02 §9). */
export const MANDIRI_VA_COMPANY_CODE = '87827';
export const BSI_VA_COMPANY_CODE = '9001062';

/** The bank code the withdraw flow uses for a virtual-account choice (spec 02 §2.1). */
export const BANK_CODE_WITH_VA_DESTINATION_CHOICE = '011';

const BANK_NAMES: ReadonlyArray<readonly [kodebank: string, namabank: string]> = [
  ['002', 'Bank BRI'],
  ['008', 'Bank Mandiri'],
  ['009', 'Bank BNI'],
  ['011', 'Bank Danamon'],
  ['013', 'Bank Permata'],
  ['014', 'Bank BCA'],
  ['016', 'Maybank Indonesia'],
  ['019', 'Bank Panin'],
  ['022', 'Bank CIMB Niaga'],
  ['028', 'Bank OCBC NISP'],
  ['031', 'Citibank'],
  ['110', 'Bank BJB'],
  ['147', 'Bank Muamalat'],
  ['153', 'Bank Sinarmas'],
  ['200', 'Bank BTN'],
  ['213', 'Bank BTPN / Jenius'],
  ['426', 'Bank Mega'],
  ['441', 'KB Bukopin'],
  ['451', 'Bank Syariah Indonesia (BSI)'],
  ['490', 'Bank Neo Commerce'],
  ['535', 'SeaBank'],
  ['536', 'BCA Syariah'],
  ['542', 'Bank Jago'],
];

const vaCapableCodes: ReadonlySet<string> = new Set(VA_CAPABLE_BANK_CODES);
const tutorialCodes: ReadonlySet<string> = new Set(TUTORIAL_BANK_CODES);
const qrisListCodes: ReadonlySet<string> = new Set(QRIS_LIST_CODES);

/** Sorted by code, as Bank Indonesia lists them. */
export const BANKS: readonly Bank[] = Object.freeze(
  BANK_NAMES.map(([kodebank, namabank]) =>
    Object.freeze({
      kodebank,
      namabank,
      vaCapable: vaCapableCodes.has(kodebank),
      hasTutorial: tutorialCodes.has(kodebank),
    }),
  ),
);

const banksByCode: ReadonlyMap<string, Bank> = new Map(BANKS.map((bank) => [bank.kodebank, bank]));

export function findBank(code: string): Bank | undefined {
  return banksByCode.get(code);
}

export function isVaCapable(code: string): boolean {
  return vaCapableCodes.has(code);
}

export function hasTutorial(code: string): boolean {
  return tutorialCodes.has(code);
}

export function isQrisListCode(code: string): code is QrisListCode {
  return qrisListCodes.has(code);
}
