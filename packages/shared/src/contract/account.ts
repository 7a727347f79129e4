import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../domain/users';
import { int4Field } from './input-rules';

/**
 * The account and team calls of spec 01 §2, §5 and §7: change password, sub-accounts and the
 * per-user permission editor. Messages are catalog keys; each check runs in the order the spec
 * lists the fields, and the same functions drive the web forms, so page and server agree on the
 * first message a user sees.
 */

// The zod-free rule lives with the others the route table and menu read.
export { ACCOUNT_ACCESS } from './access-rules';

/** Missing text fields read as empty, so the first rule in spec order reports them, not a type error. */
const text = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? '' : String(v)));

/** An id sent as number or numeric string; empty means "none". */
const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: 'common.errors.invalidInput' });
      return z.NEVER;
    }
    return n;
  });

const requiredId = (messageKey = 'common.errors.invalidInput') =>
  z.union([z.string(), z.number()], { error: messageKey }).transform((v, ctx) => {
    const n = Number(v);
    if (v === '' || !Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: messageKey });
      return z.NEVER;
    }
    return n;
  });

/** A deliberately plain e-mail check: one @, a dot in the domain, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** Upper bound on any password we hash: long enough for passphrases, short enough to refuse abuse. */
export const PASSWORD_MAX_LENGTH = 128;

// ---------------------------------------------------------------------------------------------
// Change password: POST data/account_change_pass

export interface ChangePasswordFields {
  newaccountpw: string;
  confirmaccountpw: string;
  userpw: string;
}

/** First failing rule of the change-password form (spec 01 §5), or null. */
export function changePasswordProblem(v: ChangePasswordFields): string | null {
  if (v.newaccountpw.length < PASSWORD_MIN_LENGTH) return 'account.passwordTooShort';
  if (v.newaccountpw.length > PASSWORD_MAX_LENGTH) return 'account.passwordTooLong';
  if (v.confirmaccountpw !== v.newaccountpw) return 'account.passwordMismatch';
  if (!v.userpw) return 'account.ownPasswordRequired';
  return null;
}

export const accountChangePassRequest = z
  .object({
    id: optionalId,
    email: text,
    username: text,
    userpw: text,
    newaccountpw: text,
    confirmaccountpw: text,
  })
  .superRefine((v, ctx) => {
    const problem = changePasswordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type AccountChangePassRequest = z.input<typeof accountChangePassRequest>;

// ---------------------------------------------------------------------------------------------
// Sub-accounts: POST data/account_all, data/account_store, data/account_delete

export const accountAllRequest = z.object({ iduser: optionalId });

export interface SubAccountFields {
  /** Empty when adding. */
  id: number | null;
  name: string;
  email: string;
  password: string;
  confirmpassword: string;
  userpw: string;
}

/**
 * First failing rule of the add/edit sub-account form (spec 01 §2: name, e-mail, password,
 * confirmation, own password). When editing, the password is optional and the e-mail is the
 * stored one (the server refuses a different one).
 */
export function subAccountProblem(v: SubAccountFields): string | null {
  const editing = v.id !== null;
  if (!v.name.trim()) return 'team.nameRequired';
  if (v.name.trim().length > 100) return 'team.nameTooLong';
  if (!v.email.trim()) return 'team.emailRequired';
  if (!isEmail(v.email) || v.email.trim().length > 254) return 'team.emailInvalid';
  if (!editing || v.password !== '' || v.confirmpassword !== '') {
    if (v.password.length < PASSWORD_MIN_LENGTH) return 'account.passwordTooShort';
    if (v.password.length > PASSWORD_MAX_LENGTH) return 'account.passwordTooLong';
    if (v.confirmpassword !== v.password) return 'account.passwordMismatch';
  }
  if (!v.userpw) return 'account.ownPasswordRequired';
  return null;
}

export const accountStoreRequest = z
  .object({
    id: optionalId,
    name: text,
    email: text,
    password: text,
    confirmpassword: text,
    userpw: text,
  })
  .superRefine((v, ctx) => {
    const problem = subAccountProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type AccountStoreRequest = z.input<typeof accountStoreRequest>;

export const accountDeleteRequest = z.object({ idaccount: requiredId('team.accountRequired') });

/** One row of `data/account_all` (spec 01 §3 "Sub-account"). */
export const subAccount = z.object({
  id: z.number(),
  username: z.string(),
  nama: z.string(),
  created_at: z.string(),
});
export type SubAccountDto = z.infer<typeof subAccount>;

// ---------------------------------------------------------------------------------------------
// Permissions: GET /data/modul_access, GET and POST /data/modul_access_user

export const modulAccessQuery = z.object({ id_grup: optionalId });
export const modulAccessUserQuery = z.object({ id_user: optionalId });

/** Bound on each list of one save: the catalogue has well under this many module actions. */
export const MAX_ACCESS_CHANGES = 500;

const accessChange = z.object({
  idModul: int4Field('team.invalidModuleAccess'),
  access: z.string({ error: 'team.invalidModuleAccess' }).trim().toUpperCase(),
});
export type AccessChange = z.infer<typeof accessChange>;

const accessList = z
  .array(accessChange, { error: 'team.invalidModuleAccess' })
  .max(MAX_ACCESS_CHANGES, { error: 'team.invalidModuleAccess' })
  .optional()
  .default([]);

export const modulAccessUserSaveRequest = z.object({
  id_user: optionalId,
  id_user_updated: requiredId('team.accountRequired'),
  added_not_allow_access: accessList,
  delete_not_allow_access: accessList,
});
export type ModulAccessUserSaveRequest = z.input<typeof modulAccessUserSaveRequest>;

/** A module a group grants (`data/modul_access`). */
export const groupModule = z.object({
  id_modul: z.number(),
  nama_modul: z.string(),
  hak_akses: z.string(),
});
export type GroupModuleDto = z.infer<typeof groupModule>;

// ---------------------------------------------------------------------------------------------
// My data: GET data/account_profile

/** Account type shown on the my-data tab (spec 01 §2). */
export type AccountTypeLabel = 'Bisnis' | 'Personal' | 'Personal H2H';

const personalProfile = z.object({
  nama_customer: z.string(),
  email: z.string(),
  no_hp: z.string().nullable(),
  tgl_lahir: z.string().nullable(),
  alamat_lengkap: z.string().nullable(),
  max_limit: z.number(),
  mgm_ref_code: z.string().nullable(),
});
export type PersonalProfileDto = z.infer<typeof personalProfile>;

const businessProfile = z.object({
  nama_perusahaan: z.string(),
  alamat_perusahaan: z.string().nullable(),
  telp_perusahaan: z.string().nullable(),
  email_perusahaan: z.string().nullable(),
  npwp_perusahaan: z.string().nullable(),
  website_produk: z.string().nullable(),
  nama_pemilik: z.string().nullable(),
  no_ktp_pemilik: z.string().nullable(),
  npwp_pemilik: z.string().nullable(),
  nama_cp: z.string().nullable(),
  jabatan_cp: z.string().nullable(),
  no_telp_cp: z.string().nullable(),
  email_cp: z.string().nullable(),
  nama_bank: z.string().nullable(),
  cabang_bank: z.string().nullable(),
  nama_rek_bank: z.string().nullable(),
  no_rek_bank: z.string().nullable(),
  /** 1 submitted (not yet activated), 2 active; anything but 2 shows the upgrade prompt. */
  status: z.number(),
});
export type BusinessProfileDto = z.infer<typeof businessProfile>;

/** Business status that needs no upgrade prompt. */
export const BUSINESS_STATUS_ACTIVE = 2;

export const accountProfile = z.object({
  account_type: z.enum(['Bisnis', 'Personal', 'Personal H2H']),
  user_type: z.string(),
  user: z.object({
    id: z.number(),
    username: z.string(),
    nama: z.string(),
    is_main_user: z.boolean(),
  }),
  agent: z.object({
    id_agen: z.number(),
    nama_agen: z.string(),
    username: z.string(),
    email: z.string(),
    id_grup: z.number(),
  }),
  personal: personalProfile.nullable(),
  business: businessProfile.nullable(),
  /** Business data exists and its status is not 2. */
  upgrade_prompt: z.boolean(),
  referral_code: z.string().nullable(),
  affiliation: z.object({ web: z.string(), android: z.string() }).nullable(),
});
export type AccountProfileDto = z.infer<typeof accountProfile>;
