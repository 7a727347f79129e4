import { z } from 'zod';
import { SIGNUP_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  personalFields,
  registrationState,
  signupAnswer,
  signupRequest,
  verifyRequest,
} from './signup';

/**
 * Sign-up (public) and the registration a new agent completes: the sign-up form,
 * its mailed link, the registration's state, the PERSONAL or BUSINESS fields and the business's
 * activation request.
 */
export const signupCalls = {
  /** Mails a single-use verification link; no account exists before it is followed. */
  signup: defineCall({
    method: 'POST',
    path: '/signup',
    access: { public: true, reason: 'sign-up happens before there is an account' },
    request: signupRequest,
    response: signupAnswer,
  }),
  /** Follows the mailed link once: creates the agent and its main user. */
  verify: defineCall({
    method: 'POST',
    path: '/signup/verify',
    access: { public: true, reason: 'the e-mail link is followed before the first login' },
    request: verifyRequest,
    response: signupAnswer,
  }),
  registration: defineCall({
    method: 'GET',
    path: '/signup/registration',
    access: SIGNUP_ACCESS.registration,
    response: registrationState,
  }),
  personal: defineCall({
    method: 'POST',
    path: '/signup/personal',
    access: SIGNUP_ACCESS.registration,
    request: personalFields,
    response: registrationState,
  }),
  /** The business's fields and its three document images (multipart; checked by the server). */
  business: defineCall({
    method: 'POST',
    path: '/signup/business',
    access: SIGNUP_ACCESS.registration,
    multipart: true,
    response: registrationState,
  }),
  /** An unactivated business asks for activation (again, after a rejection). */
  activation: defineCall({
    method: 'POST',
    path: '/signup/activation',
    access: SIGNUP_ACCESS.registration,
    request: z.object({}),
    response: registrationState,
  }),
};
