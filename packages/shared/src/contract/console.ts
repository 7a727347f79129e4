import { z } from 'zod';
import { CONSOLE_ACTIONS } from '../domain/console-access';
import { ENVIRONMENTS } from '../domain/environment';
import type { MissingDateReason } from './advance-funds';
import { NMID_IMAGES } from './nmid';

/**
 * The provider console's requests and answers. Messages are catalog keys. Answers
 * describe the JSON as sent: instants are ISO strings.
 */

/** 1588: agent group 1's news; 1598: everyone else's. */
export const NEWS_CATEGORIES = [1588, 1598] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

// Requests

export const consoleLoginRequest = z.object({
  email: z.string().max(300).default(''),
  password: z.string().max(300).default(''),
  captcha: z.string().max(5000).default(''),
});

export const noBody = z.object({});

export const reasonRequest = z.object({
  reason: z
    .string({ error: 'console.errors.reason' })
    .trim()
    .min(1, { error: 'console.errors.reason' })
    .max(500, { error: 'console.errors.reason' }),
});

export const statusQuery = z.object({ status: z.coerce.number().int().min(0).max(9).optional() });

export const registrationsQuery = z.object({
  status: z.enum(['draft', 'waiting', 'approved', 'rejected']).optional(),
});

export const nmidApproveRequest = z.object({ nmid: z.string().max(40).default('') });

export const merchantsQuery = z.object({ q: z.string().max(100).default('') });

export const merchantAccessRequest = z.object({
  api: z.boolean().optional(),
  portal: z.boolean().optional(),
});

export const newsRequest = z.object({
  title: z
    .string({ error: 'console.errors.newsTitle' })
    .trim()
    .min(1, { error: 'console.errors.newsTitle' })
    .max(200, { error: 'console.errors.newsTitle' }),
  category_id: z.coerce
    .number()
    .refine((v) => (NEWS_CATEGORIES as readonly number[]).includes(v), {
      error: 'console.errors.newsCategory',
    })
    .transform((v) => v as NewsCategory),
  foto: z.string().max(2000).default(''),
  konten: z
    .string({ error: 'console.errors.newsBody' })
    .min(1, { error: 'console.errors.newsBody' })
    .max(100_000, { error: 'console.errors.newsBody' }),
});
export type NewsRequest = z.infer<typeof newsRequest>;

export const publishRequest = z.object({ published: z.boolean() });

export const downtimeRequest = z.object({
  enabled: z.boolean({ error: 'common.errors.invalidInput' }),
});

export const rateRequest = z.object({
  currency: z
    .string({ error: 'console.errors.currency' })
    .max(3, { error: 'console.errors.currency' }),
  selling_rate: z.coerce
    .number({ error: 'console.errors.rate' })
    .int({ error: 'console.errors.rate' })
    .min(1, { error: 'console.errors.rate' })
    .max(1_000_000, { error: 'console.errors.rate' }),
});

export const clockRequest = z.object({
  at: z.iso
    .datetime({ offset: true, error: 'console.errors.clock' })
    .refine(
      (v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 2100;
      },
      { error: 'console.errors.clock' },
    )
    .nullable(),
});

// Answers

export const staffView = z.object({
  id: z.number(),
  email: z.string(),
  nama: z.string(),
  /** Console module → the actions the staff member holds (the server decides; pages hide buttons). */
  access: z.record(z.string(), z.array(z.enum(CONSOLE_ACTIONS))),
});
export type StaffView = z.infer<typeof staffView>;

/** A staff session that still has to pass (or enrol) its second factor (ADR 010). */
const staffSecondFactor = z
  .object({
    state: z.enum(['verify', 'enrol']),
    methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
  })
  .nullable();
export const consoleSessionAnswer = z.object({
  staff: staffView.nullable(),
  csrf: z.string(),
  second_factor: staffSecondFactor,
});
export const consoleLoginAnswer = z.object({
  staff: staffView,
  csrf: z.string(),
  second_factor: staffSecondFactor,
});

/** Each queue's count; null for a queue the staff member may not read. */
export const queueCounts = z.object({
  registrations: z.number().nullable(),
  advance: z.number().nullable(),
  nmid: z.number().nullable(),
  callbacks: z.number().nullable(),
});

export const registrationRow = z.object({
  id: z.number(),
  agentId: z.number(),
  username: z.string(),
  namaAgen: z.string(),
  kind: z.enum(['PERSONAL', 'BUSINESS']),
  status: z.enum(['draft', 'waiting', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
  documents: z.array(z.object({ kind: z.string(), mime: z.string(), size: z.number() })),
});
export type RegistrationRow = z.infer<typeof registrationRow>;

const MISSING_DATE_REASONS = [
  'future',
  'no_sales',
  'already_advanced',
] as const satisfies readonly MissingDateReason[];

export const advanceRequestRow = z.object({
  id: z.number(),
  agentId: z.number(),
  agentName: z.string(),
  environment: z.enum(ENVIRONMENTS),
  username: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  idProduk: z.string(),
  namaProduk: z.string(),
  nominal: z.number(),
  recovered: z.number(),
  /** What the merchant still owes: paid and not yet recovered (0 when not paid). */
  outstanding: z.number(),
  status: z.number(),
  forced: z.boolean(),
  /** Days the server refused, saved with "Tetap Simpan": not advanced, shown to the reviewer. */
  missingDates: z.array(z.object({ date: z.string(), reason: z.enum(MISSING_DATE_REASONS) })),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type AdvanceRequestRow = z.infer<typeof advanceRequestRow>;

export const nmidRequestRow = z.object({
  id: z.number(),
  agentId: z.number(),
  agentName: z.string(),
  environment: z.enum(ENVIRONMENTS),
  type: z.string(),
  nama: z.string(),
  tempatLahir: z.string(),
  tglLahir: z.string(),
  noKtp: z.string(),
  noNpwp: z.string(),
  noHp: z.string(),
  jenisUsaha: z.string(),
  namaAplikasi: z.string(),
  urlWebsite: z.string().nullable(),
  email: z.string(),
  namaUsaha: z.string(),
  alamatUsaha: z.string(),
  kabupaten: z.string(),
  kodePos: z.string(),
  pendapatan: z.string(),
  /** Which photos are stored. */
  images: z.array(z.enum(NMID_IMAGES)),
  nmid: z.string().nullable(),
  status: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type NmidRequestRow = z.infer<typeof nmidRequestRow>;

/** A merchant whose callbacks are failing (status 2). */
export const failingCallbacksRow = z.object({
  agentId: z.number(),
  username: z.string(),
  nama_agen: z.string(),
  failed: z.number(),
  last: z.string(),
});

export const merchantRow = z.object({
  id: z.number(),
  username: z.string(),
  nama_agen: z.string(),
  id_grup: z.number(),
  user_type: z.string(),
  enable_api: z.boolean(),
  portal_disabled: z.boolean(),
  business_activated: z.boolean(),
  is_approved_kyc: z.boolean(),
});
export type MerchantRow = z.infer<typeof merchantRow>;

const balances = z.object({ balance: z.number(), hold_balance: z.number() });

export const merchantPage = z.object({
  agent: merchantRow.extend({
    email: z.string(),
    status_reg: z.boolean(),
    created_at: z.string(),
  }),
  users: z.array(
    z.object({
      id: z.number(),
      username: z.string(),
      nama: z.string(),
      parent_user_id: z.number().nullable(),
      portal_access: z.boolean(),
      deleted_at: z.string().nullable(),
      /** A main user (no parent). */
      main: z.boolean(),
    }),
  ),
  /** From the ledger, read only. */
  balances: z.object({ production: balances, sandbox: balances }),
  /** The newest 20. */
  transactions: z.array(
    z.object({
      id_transaksi: z.string(),
      environment: z.enum(ENVIRONMENTS),
      kind: z.string(),
      jenis_trx: z.string(),
      status_trx: z.string(),
      nominal_origin: z.number(),
      nama_produk: z.string().nullable(),
      time_request: z.string(),
    }),
  ),
  /** Callback rows per status. */
  callbacks: z.array(
    z.object({ status: z.number(), count: z.number(), last: z.string().nullable() }),
  ),
});
export type MerchantPage = z.infer<typeof merchantPage>;

export const newsArticle = z.object({
  id: z.number(),
  title: z.string(),
  category_id: z.number(),
  foto: z.string(),
  konten: z.string(),
  is_published: z.boolean(),
  updated_at: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

export const demoState = z.object({
  now: z.string(),
  /** The simulated banks' nightly window (WIB), or null when off. */
  bankDowntime: z.object({ startsAtWib: z.string(), endsAtWib: z.string() }).nullable(),
  rates: z.array(
    z.object({ currency: z.string(), sellingRate: z.number(), validUntil: z.string() }),
  ),
});
export type DemoState = z.infer<typeof demoState>;
