import type { Language } from '@gerbang/shared';

/**
 * Namespaces only a few pages need, loaded with those pages instead of with every page (the shell
 * with the dashboard and each page stay within their 300 KiB budget): each JSON file is its own
 * chunk. The files named here are left out of id-rest.ts / en-rest.ts (keep the lists equal;
 * catalogs.test.ts checks core + rest + parts is the whole catalog).
 */
export const PARTS = {
  /** The Security page, the console, the step-up dialog. */
  security: ['security', 'sessions', 'api-keys'],
  approvals: ['approvals'],
  console: ['console'],
  remittance: ['remittance'],
  bulkva: ['bulkva'],
  simulator: ['simulator'],
  credentials: ['credentials'],
  paylink: ['paylink'],
  /** The low-balance card (account page) and the alert list of the console. */
  alerts: ['alerts'],
  nmid: ['nmid'],
  /** Scheduled payouts: their page and the withdraw form's "Schedule" choice. */
  schedules: ['schedules'],
  recon: ['recon'],
  /** Balance statements: their page (download, scheduled delivery). */
  statements: ['statements'],
  /** Account management (sub-users and the permission editor). */
  team: ['team'],
  /** Bulk transfer: its page and the waiting groups shown on the data pages. */
  bulk: ['bulk'],
  /** Domestic transfer orders: the form, the order list and an order's detail. */
  transfer: ['transfer'],
  /** Callback delivery: the webhook console (credential page) and the data pages' attempt log. */
  callbacks: ['callbacks'],
  /** Top-up: its pages, and the bank payment guides a transfer order shows. */
  topup: ['topup'],
  /** Monthly reports: their page. */
  reports: ['reports'],
  /** Advance funds: the add-item page and the console's queue. */
  advanceFunds: ['advance-funds'],
} as const;
export type CatalogPart = keyof typeof PARTS;

type Loader = () => Promise<unknown>;

const FILES: Record<Language, Record<string, Loader>> = {
  id: import.meta.glob(
    '../../../../../packages/shared/src/i18n/id/{security,sessions,api-keys,approvals,console,remittance,bulkva,simulator,alerts,credentials,paylink,nmid,schedules,recon,statements,team,bulk,transfer,callbacks,topup,reports,advance-funds}.json',
    { import: 'default' },
  ),
  en: import.meta.glob(
    '../../../../../packages/shared/src/i18n/en/{security,sessions,api-keys,approvals,console,remittance,bulkva,simulator,alerts,credentials,paylink,nmid,schedules,recon,statements,team,bulk,transfer,callbacks,topup,reports,advance-funds}.json',
    { import: 'default' },
  ),
};

/** A part's namespaces in one language, named as the shared catalogs name them (`api-keys` → `apiKeys`). */
export async function loadPart(
  part: CatalogPart,
  lang: Language,
): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    PARTS[part].map(async (file) => {
      const path = Object.keys(FILES[lang]).find((p) => p.endsWith(`/${lang}/${file}.json`));
      if (!path) throw new Error(`no catalog file ${lang}/${file}.json`);
      const content = await (FILES[lang][path] as Loader)();
      return [file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), content] as const;
    }),
  );
  return Object.fromEntries(entries);
}
