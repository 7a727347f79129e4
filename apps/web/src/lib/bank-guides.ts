import { BSI_VA_COMPANY_CODE, MANDIRI_VA_COMPANY_CODE } from '@gerbang/shared/domain/banks';

/**
 * How to pay a VA (a deposit VA, a transfer order's VA), per bank (spec 02 §2.5, §9: ATM,
 * Mobile Banking and Internet Banking steps for 002, 014, 008, 009, 490, 451, 022, 011, 013,
 * 016, 028, 147, 153; some banks fewer).
 * Menu paths, app and site names are the banks' own labels, shown as the banks show them in both
 * languages; the sentences around them come from the catalogs (topup.guide.steps.*).
 */
export type GuideMethod = 'atm' | 'mobile' | 'internet';

export interface BankGuide {
  /** The bank's own menu path on an ATM. */
  atm?: string;
  mobile?: { app: string; menu: string };
  internet?: { site: string; menu: string };
  /** Mandiri and BSI ask for their VA company code before the customer number. */
  companyCode?: string;
}

export const BANK_GUIDES: Readonly<Record<string, BankGuide>> = {
  '002': {
    atm: 'Transaksi Lain > Pembayaran > Lainnya > BRIVA',
    mobile: { app: 'BRImo', menu: 'Pembayaran > BRIVA' },
    internet: { site: 'ib.bri.co.id', menu: 'Pembayaran > BRIVA' },
  },
  '014': {
    atm: 'Transaksi Lainnya > Transfer > ke Rek BCA Virtual Account',
    mobile: { app: 'BCA mobile', menu: 'm-Transfer > BCA Virtual Account' },
    internet: { site: 'klikbca.com', menu: 'Transfer Dana > Transfer ke BCA Virtual Account' },
  },
  '008': {
    atm: 'Bayar/Beli > Lainnya > Multi Payment',
    mobile: { app: "Livin' by Mandiri", menu: 'Bayar > Buat Pembayaran Baru > Multipayment' },
    internet: { site: 'ibank.bankmandiri.co.id', menu: 'Bayar > Multi Payment' },
    companyCode: MANDIRI_VA_COMPANY_CODE,
  },
  '009': {
    atm: 'Menu Lainnya > Transfer > Virtual Account Billing',
    mobile: { app: 'BNI Mobile Banking', menu: 'Transfer > Virtual Account Billing' },
    internet: { site: 'ibank.bni.co.id', menu: 'Transfer > Virtual Account Billing' },
  },
  '490': {
    mobile: { app: 'Neo Bank', menu: 'Transfer > Virtual Account' },
  },
  '451': {
    atm: 'Pembayaran/Pembelian > Institusi',
    mobile: { app: 'BSI Mobile', menu: 'Pembayaran > Institusi' },
    internet: { site: 'bsinet.bankbsi.co.id', menu: 'Pembayaran > Institusi' },
    companyCode: BSI_VA_COMPANY_CODE,
  },
  '022': {
    atm: 'Transfer > Rekening CIMB Niaga/Rekening Ponsel Lain > Virtual Account',
    mobile: { app: 'OCTO Mobile', menu: 'Transfer > Transfer to Other CIMB Niaga Account' },
    internet: { site: 'octoclicks.co.id', menu: 'Transfer > Rekening CIMB Niaga' },
  },
  '011': {
    atm: 'Pembayaran > Lainnya > Virtual Account',
    mobile: { app: 'D-Bank PRO', menu: 'Pembayaran > Virtual Account' },
    internet: { site: 'danamonline.com', menu: 'Pembayaran > Virtual Account' },
  },
  '013': {
    atm: 'Transaksi Lainnya > Pembayaran > Pembayaran Lainnya > Virtual Account',
    mobile: { app: 'PermataMobile X', menu: 'Bayar Tagihan > Virtual Account' },
    internet: { site: 'permatanet.com', menu: 'Pembayaran Tagihan > Virtual Account' },
  },
  '016': {
    atm: 'Pembayaran/Top Up Pulsa > Virtual Account',
    mobile: { app: 'Maybank2u ID', menu: 'Transfer > Maybank Virtual Account' },
    internet: { site: 'maybank2u.co.id', menu: 'Transfer > Maybank Virtual Account' },
  },
  '028': {
    atm: 'Transfer > Virtual Account',
    mobile: { app: 'OCBC mobile', menu: 'Pembayaran > Virtual Account' },
  },
  '147': {
    atm: 'Transaksi Lain > Pembayaran > Virtual Account',
    mobile: { app: 'Muamalat DIN', menu: 'Pembayaran > Virtual Account' },
    internet: { site: 'ib.bankmuamalat.co.id', menu: 'Pembayaran > Virtual Account' },
  },
  '153': {
    atm: 'Transfer > Virtual Account',
    mobile: { app: 'SimobiPlus', menu: 'Transfer > Virtual Account' },
  },
};

export interface GuideStep {
  key: string;
  vars?: Record<string, string>;
}

/** The steps of one method, as catalog keys with their values. */
export function guideSteps(
  guide: BankGuide,
  method: GuideMethod,
  bank: string,
  va: string,
): GuideStep[] {
  const opening: GuideStep | null =
    method === 'atm'
      ? guide.atm
        ? { key: 'insertCard', vars: { bank } }
        : null
      : method === 'mobile'
        ? guide.mobile
          ? { key: 'openApp', vars: { app: guide.mobile.app } }
          : null
        : guide.internet
          ? { key: 'openSite', vars: { site: guide.internet.site } }
          : null;
  if (!opening) return [];
  const menu =
    method === 'atm'
      ? (guide.atm ?? '')
      : method === 'mobile'
        ? (guide.mobile?.menu ?? '')
        : (guide.internet?.menu ?? '');
  return [
    opening,
    { key: 'menu', vars: { menu } },
    ...(guide.companyCode ? [{ key: 'companyCode', vars: { code: guide.companyCode } }] : []),
    { key: 'vaNumber', vars: { va } },
    { key: 'amount' },
    { key: 'confirm' },
    ...(method === 'atm' ? [] : [{ key: 'pin' }]),
    { key: 'done' },
  ];
}

export function methodsOf(guide: BankGuide): GuideMethod[] {
  return (['atm', 'mobile', 'internet'] as const).filter((m) =>
    m === 'atm' ? Boolean(guide.atm) : Boolean(guide[m]),
  );
}
