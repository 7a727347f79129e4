import { z } from 'zod';
import { loginResult } from './auth';
import { defineCall } from './call';
import { consoleLoginAnswer } from './console';
import {
  agentPolicy,
  agentPolicyRequest,
  enrolResult,
  factorCodeRequest,
  factorIdRequest,
  factorList,
  passkeyRegisterRequest,
  passkeyResponseRequest,
  recoveryCodesResult,
  resetMerchantFactorsRequest,
  resetUserFactorsRequest,
  securityPolicy,
  stepUpResult,
  totpConfirmRequest,
  totpStartResult,
  webauthnOptions,
} from './factors';

const ENROL = ['enrol'] as const;
const VERIFY = ['verify'] as const;

/**
 * The factor calls of one side: portal users under `/security`, console staff under
 * `/console/security`. Enrolment also answers a session that must enrol before it is full;
 * changing factors is a security setting, so it asks for step-up when a factor exists.
 */
function factorCallsAt<A extends { console: 'staff' } | Record<string, never>>(
  prefix: string,
  base: A,
) {
  const enrol = { ...base, halfSession: ENROL, stepUp: true };
  const change = { ...base, stepUp: true };
  return {
    list: defineCall({
      method: 'GET',
      path: `${prefix}/factors`,
      access: { ...base, halfSession: ENROL },
      response: factorList,
    }),
    totpStart: defineCall({
      method: 'POST',
      path: `${prefix}/totp/start`,
      access: enrol,
      request: z.object({}),
      response: totpStartResult,
    }),
    totpConfirm: defineCall({
      method: 'POST',
      path: `${prefix}/totp/confirm`,
      access: enrol,
      request: totpConfirmRequest,
      response: enrolResult,
    }),
    passkeyOptions: defineCall({
      method: 'POST',
      path: `${prefix}/passkey/options`,
      access: enrol,
      request: z.object({}),
      response: webauthnOptions,
    }),
    passkeyRegister: defineCall({
      method: 'POST',
      path: `${prefix}/passkey/register`,
      access: enrol,
      request: passkeyRegisterRequest,
      response: enrolResult,
    }),
    remove: defineCall({
      method: 'POST',
      path: `${prefix}/factors/remove`,
      access: change,
      request: factorIdRequest,
      response: z.null(),
    }),
    regenerateCodes: defineCall({
      method: 'POST',
      path: `${prefix}/recovery_codes`,
      access: change,
      request: z.object({}),
      response: recoveryCodesResult,
    }),
    /** Step-up: the second factor again, for the calls marked `stepUp`. */
    stepUp: defineCall({
      method: 'POST',
      path: `${prefix}/step_up`,
      access: base,
      request: factorCodeRequest,
      response: stepUpResult,
    }),
    stepUpPasskeyOptions: defineCall({
      method: 'POST',
      path: `${prefix}/step_up/passkey_options`,
      access: base,
      request: z.object({}),
      response: webauthnOptions,
    }),
    stepUpPasskey: defineCall({
      method: 'POST',
      path: `${prefix}/step_up/passkey`,
      access: base,
      request: passkeyResponseRequest,
      response: stepUpResult,
    }),
  };
}

export type FactorCalls = ReturnType<typeof factorCallsAt>;

export const factorCalls = {
  ...factorCallsAt('/security', {}),
  /** The login's second step (the session is half-logged-in until one of these passes). */
  secondFactor: defineCall({
    method: 'POST',
    path: '/auth/second_factor',
    access: { halfSession: VERIFY },
    request: factorCodeRequest,
    response: loginResult,
  }),
  secondFactorPasskeyOptions: defineCall({
    method: 'POST',
    path: '/auth/second_factor/passkey_options',
    access: { halfSession: VERIFY },
    request: z.object({}),
    response: webauthnOptions,
  }),
  secondFactorPasskey: defineCall({
    method: 'POST',
    path: '/auth/second_factor/passkey',
    access: { halfSession: VERIFY },
    request: passkeyResponseRequest,
    response: loginResult,
  }),
  /** The main user requires a second factor of every user of the agent. */
  agentPolicy: defineCall({
    method: 'GET',
    path: '/security/agent_policy',
    access: { mainUserOnly: true },
    response: agentPolicy,
  }),
  setAgentPolicy: defineCall({
    method: 'POST',
    path: '/security/agent_policy',
    access: { mainUserOnly: true, stepUp: true },
    request: agentPolicyRequest,
    response: agentPolicy,
  }),
  /** Lost factor: the main user resets a sub-user's factors (audited). */
  resetUserFactors: defineCall({
    method: 'POST',
    path: '/security/reset_user_factors',
    access: { mainUserOnly: true, stepUp: true },
    request: resetUserFactorsRequest,
    response: z.null(),
  }),
};

const STAFF = { console: 'staff' } as const;

export const consoleFactorCalls = {
  ...factorCallsAt('/console/security', STAFF),
  secondFactor: defineCall({
    method: 'POST',
    path: '/console/auth/second_factor',
    access: { ...STAFF, halfSession: VERIFY },
    request: factorCodeRequest,
    response: consoleLoginAnswer,
  }),
  secondFactorPasskeyOptions: defineCall({
    method: 'POST',
    path: '/console/auth/second_factor/passkey_options',
    access: { ...STAFF, halfSession: VERIFY },
    request: z.object({}),
    response: webauthnOptions,
  }),
  secondFactorPasskey: defineCall({
    method: 'POST',
    path: '/console/auth/second_factor/passkey',
    access: { ...STAFF, halfSession: VERIFY },
    request: passkeyResponseRequest,
    response: consoleLoginAnswer,
  }),
  policy: defineCall({
    method: 'GET',
    path: '/console/security/policy',
    access: { console: { module: 'console_merchants', action: 'READ' } },
    response: securityPolicy,
  }),
  setPolicy: defineCall({
    method: 'POST',
    path: '/console/security/policy',
    access: { console: { module: 'console_merchants', action: 'UPDATE' }, stepUp: true },
    request: securityPolicy,
    response: securityPolicy,
  }),
  /** Lost factor: staff reset a merchant main user's factors, with a reason (audited, mailed). */
  resetMerchantFactors: defineCall({
    method: 'POST',
    path: '/console/merchants/:id/reset_factors',
    access: { console: { module: 'console_merchants', action: 'UPDATE' }, stepUp: true },
    request: resetMerchantFactorsRequest,
    response: z.null(),
  }),
};
