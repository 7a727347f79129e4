import { RC } from '@gerbang/shared';
import { BUSINESS_DOCUMENTS, businessFields } from '@gerbang/shared/contract/signup';
import { signupCalls } from '@gerbang/shared/contract/signup-calls';
import { ApiError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { MAX_DOCUMENT_BYTES } from './images';
import {
  readBusinessForm,
  registerBusiness,
  registerPersonal,
  registrationState,
  requestActivation,
} from './registration';
import { startSignup, verifySignup } from './verification';

/** Sign-up (public) and the registration a new agent completes. */
export const signupRoutes = [
  defineRoute(signupCalls.signup, async (ctx) => {
    const answer = await startSignup(ctx.services, ctx, ctx.body);
    return ok({ email: answer.vars.email }, answer.messageKey, answer.vars);
  }),
  defineRoute(signupCalls.verify, async (ctx) =>
    ok(await verifySignup(ctx.services, ctx, ctx.body.token), 'signup.verified'),
  ),
  defineRoute(signupCalls.registration, async (ctx) =>
    ok(await registrationState(ctx.services, ctx.auth.agent.id)),
  ),
  defineRoute(signupCalls.personal, async (ctx) =>
    ok(await registerPersonal(ctx.services, actorOf(ctx), ctx.body), 'signup.personalSent'),
  ),
  defineRoute(
    signupCalls.business,
    async (ctx) => {
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
    { bodyLimit: BUSINESS_DOCUMENTS.length * (MAX_DOCUMENT_BYTES + 1024) + 64 * 1024 },
  ),
  defineRoute(signupCalls.activation, async (ctx) =>
    ok(await requestActivation(ctx.services, actorOf(ctx)), 'signup.activationSent'),
  ),
];
