import { z } from 'zod';
import { CREDENTIAL_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  callbackUrlsResponse,
  createOtpSchema,
  createSignatureSchema,
  credentialResponse,
  generateCallbackUrlsSchema,
  generateCredentialSchema,
  generatedCredential,
  generatedSignature,
  generatePinSchema,
  otpResponse,
  setCallbackUrlSchema,
  updateCredentialSchema,
} from './credentials';

/**
 * The credential page's calls (spec 03 §2.4, §7.2). Reads need credential READ, API enabled,
 * Business or Personal H2H, and not group 3 (the page call itself answers group 3 with the
 * activation prompt); changes need credential UPDATE too; the callback URLs need callback READ
 * (module 24) to be read and callback UPDATE to be changed, in production only. Every change carries the OTP of its action (`createOtp` first).
 */
export const credentialCalls = {
  credential: defineCall({
    method: 'GET',
    path: '/control/credential_server',
    access: CREDENTIAL_ACCESS.page,
    query: z.object({ username_agen: z.string().max(320).optional() }),
    response: credentialResponse,
  }),
  callbackUrls: defineCall({
    method: 'GET',
    path: '/control/setting_callback_url',
    access: CREDENTIAL_ACCESS.callbackRead,
    query: z.object({ list: z.string().max(32).optional() }),
    response: callbackUrlsResponse,
  }),
  createOtp: defineCall({
    method: 'POST',
    path: '/control/create_otp',
    // The action's own rule is checked by the handler once the brand is known: callback codes
    // need callback UPDATE (CREDENTIAL_ACCESS.callbackChange), the others credential UPDATE.
    access: CREDENTIAL_ACCESS.read,
    request: createOtpSchema,
    response: otpResponse,
  }),
  generateCredential: defineCall({
    method: 'POST',
    path: '/control/generate_credential_server',
    access: { ...CREDENTIAL_ACCESS.change, stepUp: true },
    request: generateCredentialSchema,
    response: generatedCredential,
  }),
  generatePin: defineCall({
    method: 'POST',
    path: '/control/generate_pin',
    access: { ...CREDENTIAL_ACCESS.change, stepUp: true },
    request: generatePinSchema,
    response: z.object({ email: z.string() }),
  }),
  createSignature: defineCall({
    method: 'POST',
    path: '/control/create_signature',
    access: { ...CREDENTIAL_ACCESS.change, stepUp: true },
    request: createSignatureSchema,
    response: generatedSignature,
  }),
  updateCredential: defineCall({
    method: 'POST',
    path: '/control/update_credential',
    access: { ...CREDENTIAL_ACCESS.change, stepUp: true },
    request: updateCredentialSchema,
    response: z.object({ allow_ip: z.string() }),
  }),
  setCallbackUrl: defineCall({
    method: 'POST',
    path: '/control/setting_callback_url',
    access: { ...CREDENTIAL_ACCESS.callbackChange, stepUp: true },
    request: setCallbackUrlSchema,
    response: callbackUrlsResponse,
  }),
  generateCallbackUrls: defineCall({
    method: 'POST',
    path: '/control/generate_setting_callback_url',
    access: { ...CREDENTIAL_ACCESS.callbackChange, stepUp: true },
    request: generateCallbackUrlsSchema,
    response: callbackUrlsResponse,
  }),
};
