import { z } from 'zod';
import { ENVIRONMENTS, LANGUAGES, languageFromCode } from '../domain/environment';
import { PASSWORD_MIN_LENGTH } from '../domain/users';

/**
 * Request schemas of the auth calls. Messages are catalog keys; the server translates the first
 * failing rule into the user's language, in the order the spec gives (spec 01 §5).
 * The captcha is checked by the server after these (it may be skipped for the test key).
 */
const requiredText = (messageKey: string) =>
  z.string({ error: messageKey }).trim().min(1, { error: messageKey });

export const loginRequest = z.object({
  username: requiredText('auth.enterUsername'),
  password: z.string({ error: 'auth.enterPassword' }).min(1, { error: 'auth.enterPassword' }),
  captcha: z.string().optional().default(''),
});
export type LoginRequest = z.input<typeof loginRequest>;

/**
 * The login form (spec 01 §5 order): username, password, then the captcha, which the server
 * checks after the schema (the test key stands in for it).
 */
export const loginFormSchema = loginRequest.extend({
  captcha: z.string({ error: 'auth.submitCaptcha' }).min(1, { error: 'auth.submitCaptcha' }),
});

export const resetPasswordRequest = z.object({
  email: requiredText('auth.enterResetEmail'),
  captcha: z.string().optional().default(''),
});

export const newPasswordRequest = z
  .object({
    token: requiredText('auth.resetTokenInvalid'),
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: 'auth.passwordTooShort' }),
    confirmation: z.string(),
  })
  .refine((v) => v.password === v.confirmation, {
    error: 'auth.passwordMismatch',
    path: ['confirmation'],
  });

/** One module of a user's access list (spec 01 §3). */
export const moduleAccess = z.object({
  id_modul: z.number(),
  nama_modul: z.string(),
  hak_akses: z.string(),
  hak_akses_dilarang: z.string(),
});

/** What the login call answers (spec 01 §3), also the shape of `auth/datauser`. */
export const loginResult = z.object({
  access_token: z.string(),
  user: z.object({
    id: z.number(),
    username: z.string(),
    nama: z.string(),
    sys_grup_user_id: z.number(),
    username_agen: z.string(),
    id_user_parent: z.number().nullable(),
  }),
  agent: z.object({
    id_agen: z.number(),
    email: z.string(),
    nama_agen: z.string(),
    username: z.string(),
    id_grup: z.number(),
    enable_api: z.boolean(),
    balance: z.number(),
    hold_balance: z.number(),
  }),
  user_type: z.string(),
  status_reg: z.object({
    status: z.boolean(),
    auth_token: z.object({ personal: z.string().nullable(), bisnis: z.string().nullable() }),
  }),
  role_data: z.object({ id: z.number(), nama: z.string() }),
  access_data: z.array(moduleAccess),
  is_user_parent: z.boolean(),
  is_approved_kyc: z.boolean(),
  rule_show_balance: z.number(),
  environment: z.enum(ENVIRONMENTS),
  language: z.enum(LANGUAGES),
  is_test_user: z.boolean(),
  business_status: z.number().nullable(),
  /** Server-decided feature flags the page mirrors (the lists behind them are configuration). */
  features: z.object({ international: z.boolean(), cut_off: z.boolean() }),
});
export type LoginResult = z.infer<typeof loginResult>;

/** `GET data/app_info_web`: the balances the page polls. */
export const agentBalances = z.object({ balance: z.number(), hold_balance: z.number() });
export type AgentBalancesDto = z.infer<typeof agentBalances>;

export const languageRequest = z.object({
  // `in` (spec 01's stored form of Indonesian) is taken as `id`.
  language: z.string({ error: 'common.errors.invalidInput' }).transform((code, ctx) => {
    const language = languageFromCode(code);
    if (!language) ctx.addIssue({ code: 'custom', message: 'common.errors.invalidInput' });
    return language ?? z.NEVER;
  }),
});
