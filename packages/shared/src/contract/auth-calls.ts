import { z } from 'zod';
import { LANGUAGES } from '../domain/environment';
import {
  languageRequest,
  loginRequest,
  loginResult,
  newPasswordRequest,
  resetPasswordRequest,
} from './auth';
import { defineCall, RAW_ANSWER } from './call';
import { secondFactorStep } from './factors';

/** The calls of the login page, the session and the header's switches (spec 01 §3, §7). */
export const authCalls = {
  csrfToken: defineCall({
    method: 'GET',
    path: '/auth/csrf_token',
    access: { public: true, reason: 'the login page needs a token before anyone is logged in' },
    response: z.object({ csrf: z.string() }),
  }),
  /** The altcha widget reads the bare challenge object, not the envelope. */
  captchaChallenge: defineCall({
    method: 'GET',
    path: '/auth/captcha_challenge',
    access: { public: true, reason: 'captcha is solved before login' },
    response: RAW_ANSWER,
  }),
  appConfig: defineCall({
    method: 'GET',
    path: '/app/config',
    access: { public: true, reason: 'public settings the login page shows' },
    response: z.object({ supportUrl: z.string(), demo: z.boolean() }),
  }),
  login: defineCall({
    method: 'POST',
    path: '/auth/login',
    access: { public: true, reason: 'logging in' },
    // A user with a second factor (or who must enrol one) gets the second step instead.
    request: loginRequest,
    response: z.union([loginResult, secondFactorStep]),
  }),
  logout: defineCall({
    method: 'POST',
    path: '/auth/logout',
    access: { halfSession: ['verify', 'enrol'] },
    response: z.null(),
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/auth/reset_password',
    access: { public: true, reason: 'a user who forgot the password is not logged in' },
    request: resetPasswordRequest,
    response: z.null(),
  }),
  confirmPasswordReset: defineCall({
    method: 'POST',
    path: '/auth/reset_password/confirm',
    access: { public: true, reason: 'the reset link is the credential' },
    request: newPasswordRequest,
    response: z.null(),
  }),
  /** The login result, or null when nobody is logged in (not an error). */
  session: defineCall({
    method: 'GET',
    path: '/auth/session',
    access: {
      public: true,
      reason:
        'the page asks whether it is logged in before anyone is: the login result, or null (not an error)',
    },
    response: loginResult.nullable(),
  }),
  dataUser: defineCall({
    method: 'POST',
    path: '/auth/datauser',
    access: {},
    response: loginResult,
  }),
  dataReg: defineCall({
    method: 'POST',
    path: '/auth/datareg',
    access: {},
    response: z.object({
      status_reg: z.object({
        status: z.boolean(),
        auth_token: z.object({ personal: z.null(), bisnis: z.null() }),
      }),
      user_type: z.string(),
      id_grup: z.number(),
      business_activated: z.boolean(),
      is_approved_kyc: z.boolean(),
    }),
  }),
  language: defineCall({
    method: 'POST',
    path: '/auth/language',
    access: {},
    request: languageRequest,
    response: z.object({ language: z.enum(LANGUAGES) }),
  }),
  switchToProduction: defineCall({
    method: 'POST',
    path: '/control/change_environment_production',
    access: {},
    response: z.object({ environment: z.literal('production') }),
  }),
  switchToSandbox: defineCall({
    method: 'POST',
    path: '/control/change_environment_sandbox',
    access: {},
    response: z.object({ environment: z.literal('sandbox') }),
  }),
};
