import { z } from 'zod';
import { SIGNUP_ACCESS } from './access-rules';

/**
 * Sign-up and the registration a new agent completes: the public sign-up form and
 * its mailed link, then PERSONAL (identity; reviewed as KYC) or BUSINESS (company, owner, NPWP,
 * document images; an unactivated business of group 3 until its activation request is approved).
 */

/** Kept in the zod-free ./access-rules (the route table and the calls load them without zod). */
export { SIGNUP_ACCESS };

/**
 * POST /signup. Every field may be missing: the server names the first problem in the form's
 * order (e-mail, password rule, confirmation, captcha), not zod.
 */
export const signupRequest = z.object({
  email: z.string().max(300).default(''),
  password: z.string().max(300).default(''),
  confirmation: z.string().max(300).default(''),
  captcha: z.string().max(5000).default(''),
});
export type SignupRequest = z.input<typeof signupRequest>;

/** POST /signup/verify: the token of the mailed link. */
export const verifyRequest = z.object({
  token: z.string().min(1, { error: 'signup.tokenInvalid' }).max(200),
});

/** Both sign-up answers name the address only (the same whether or not it has an account). */
export const signupAnswer = z.object({ email: z.string() });

const text = (key: string, max = 100) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
const digits = (key: string, len: number) =>
  z
    .string({ error: key })
    .trim()
    .regex(new RegExp(`^\\d{${len}}$`), { error: key });

/** POST /signup/personal, in the form's order. */
export const personalFields = z.object({
  nama: text('signup.errors.nama'),
  tempat_lahir: text('signup.errors.tempatLahir'),
  tgl_lahir: z.string({ error: 'signup.errors.tglLahir' }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: 'signup.errors.tglLahir',
  }),
  no_ktp: digits('signup.errors.noKtp', 16),
  no_hp: z
    .string({ error: 'signup.errors.noHp' })
    .trim()
    .regex(/^(\+62|0)8\d{7,12}$/, {
      error: 'signup.errors.noHp',
    }),
});
export type PersonalFields = z.infer<typeof personalFields>;

/** The text fields of the multipart POST /signup/business: the owner's, then the company's. */
export const businessFields = personalFields.extend({
  nama_usaha: text('signup.errors.namaUsaha'),
  jenis_usaha: text('signup.errors.jenisUsaha'),
  no_npwp: z
    .string({ error: 'signup.errors.noNpwp' })
    .trim()
    .regex(/^\d{15,16}$/, {
      error: 'signup.errors.noNpwp',
    }),
  alamat_usaha: text('signup.errors.alamatUsaha', 300),
  kabupaten: text('signup.errors.kabupaten'),
  kode_pos: digits('signup.errors.kodePos', 5),
  url_website: z
    .string()
    .trim()
    .max(200, { error: 'signup.errors.urlWebsite' })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/.test(v), {
      error: 'signup.errors.urlWebsite',
    })
    .default(''),
});
export type BusinessFields = z.infer<typeof businessFields>;

/** The document images a business sends, in the form's order (multipart file fields). */
export const BUSINESS_DOCUMENTS = ['ktp', 'npwp', 'akta'] as const;
export type DocumentKind = (typeof BUSINESS_DOCUMENTS)[number];

/** draft = a business that has not asked for activation yet. */
export const REGISTRATION_STATUSES = ['draft', 'waiting', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** GET /signup/registration, and the answer of every registration change. */
export const registrationState = z.object({
  status_reg: z.boolean(),
  user_type: z.string(),
  id_grup: z.number(),
  business_activated: z.boolean(),
  is_approved_kyc: z.boolean(),
  registration: z
    .object({
      kind: z.enum(['PERSONAL', 'BUSINESS']),
      status: z.enum(REGISTRATION_STATUSES),
      reason: z.string().nullable(),
      /** The fields as sent (personal or business), by name. */
      fields: z.record(z.string(), z.string()),
      documents: z.array(z.string()),
      submitted_at: z.string().nullable(),
    })
    .nullable(),
});
export type RegistrationState = z.infer<typeof registrationState>;
