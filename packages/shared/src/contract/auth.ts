import { z } from 'zod';
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

/** What the login call answers (spec 01 §3), also the shape of `auth/datauser`. */
export interface LoginResult {
  access_token: string;
  user: {
    id: number;
    username: string;
    nama: string;
    sys_grup_user_id: number;
    username_agen: string;
    id_user_parent: number | null;
  };
  agent: {
    id_agen: number;
    email: string;
    nama_agen: string;
    username: string;
    id_grup: number;
    enable_api: boolean;
    balance: number;
    hold_balance: number;
  };
  user_type: string;
  status_reg: { status: boolean; auth_token: { personal: string | null; bisnis: string | null } };
  role_data: { id: number; nama: string };
  access_data: Array<{
    id_modul: number;
    nama_modul: string;
    hak_akses: string;
    hak_akses_dilarang: string;
  }>;
  is_user_parent: boolean;
  is_approved_kyc: boolean;
  rule_show_balance: number;
  environment: 'production' | 'sandbox';
  language: 'id' | 'en';
  is_test_user: boolean;
  business_status: number | null;
  /** Server-decided feature flags the page mirrors (the lists behind them are configuration). */
  features: { international: boolean; cut_off: boolean };
}

/** `GET data/app_info_web`: the balances the page polls. */
export interface AgentBalancesDto {
  balance: number;
  hold_balance: number;
}
