import { RC } from '@gerbang/shared';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { MAX_DOCUMENT_BYTES } from './images';
import {
  BUSINESS_DOCUMENTS,
  businessFields,
  personalFields,
  readBusinessForm,
  registerBusiness,
  registerPersonal,
  registrationState,
  requestActivation,
} from './registration';
import { startSignup, verifySignup } from './verification';

const signupBody = z.object({
  email: z.string().max(300).default(''),
  password: z.string().max(300).default(''),
  confirmation: z.string().max(300).default(''),
  captcha: z.string().max(5000).default(''),
});

/** Sign-up (public) and the registration a new agent completes (issue 17 §3). */
export const signupRoutes = [
  defineRoute({
    method: 'POST',
    url: '/signup',
    access: { public: true, reason: 'sign-up happens before there is an account' },
    body: signupBody,
    handler: async (ctx) => {
      const answer = await startSignup(ctx.services, ctx, ctx.body);
      return ok({ email: answer.vars.email }, answer.messageKey, answer.vars);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/signup/verify',
    access: { public: true, reason: 'the e-mail link is followed before the first login' },
    body: z.object({ token: z.string().min(1, { error: 'signup.tokenInvalid' }).max(200) }),
    handler: async (ctx) =>
      ok(await verifySignup(ctx.services, ctx, ctx.body.token), 'signup.verified'),
  }),
  defineRoute({
    method: 'GET',
    url: '/signup/registration',
    access: { mainUserOnly: true },
    handler: async (ctx) => ok(await registrationState(ctx.services, ctx.auth.agent.id)),
  }),
  defineRoute({
    method: 'POST',
    url: '/signup/personal',
    access: { mainUserOnly: true },
    body: personalFields,
    handler: async (ctx) =>
      ok(await registerPersonal(ctx.services, actorOf(ctx), ctx.body), 'signup.personalSent'),
  }),
  defineRoute({
    method: 'POST',
    url: '/signup/business',
    access: { mainUserOnly: true },
    multipart: true,
    bodyLimit: BUSINESS_DOCUMENTS.length * (MAX_DOCUMENT_BYTES + 1024) + 64 * 1024,
    handler: async (ctx) => {
      const form = await readBusinessForm(
        ctx.req.parts({ limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 3, fields: 30 } }),
      ).catch((error: unknown) => {
        // A body that ends mid-part is the sender's error, not ours.
        if (error instanceof ApiError || (error as { statusCode?: number })?.statusCode)
          throw error;
        throw new ApiError(RC.VALIDATION, 'common.errors.badRequest');
      });
      const parsed = businessFields.safeParse(form.fields);
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message ?? 'common.errors.invalidInput';
        throw new ApiError(RC.VALIDATION, key);
      }
      return ok(
        await registerBusiness(ctx.services, actorOf(ctx), {
          fields: parsed.data,
          documents: form.documents,
        }),
        'signup.businessSent',
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/signup/activation',
    access: { mainUserOnly: true },
    body: z.object({}),
    handler: async (ctx) =>
      ok(await requestActivation(ctx.services, actorOf(ctx)), 'signup.activationSent'),
  }),
];
