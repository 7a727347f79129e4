/**
 * The credential page's calls (spec 03 §2.4, §7.2). Access rules from the contract: reads need
 * credential READ, API enabled, Business or Personal H2H, and not group 3 (the page call itself
 * answers group 3 with the activation prompt); changes need credential UPDATE too; callback URL
 * changes are production only. Every change goes through the OTP of its action (otp.ts).
 */
import {
  CREDENTIAL_ACCESS,
  CREDENTIAL_PATHS,
  CREDENTIAL_PROMPT_GROUP,
  type CredentialResponse,
  createOtpSchema,
  createSignatureSchema,
  generateCallbackUrlsSchema,
  generateCredentialSchema,
  generatePinSchema,
  type Language,
  setCallbackUrlSchema,
  updateCredentialSchema,
  whitelistEntries,
} from '@gerbang/shared';
import { z } from 'zod';
import { accessDenied } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { consumeCredentialOtp, createCredentialOtp } from './otp';
import {
  type Actor,
  checkSignatureKode,
  createSignature,
  generateCallbackUrls,
  generateCredential,
  generatePin,
  listCallbackUrls,
  readCredential,
  setCallbackUrl,
  updateCredential,
} from './service';
import { assertPublicCallbackUrl, callbackUrlPolicy } from './url-safety';

function actorOf(ctx: RouteContext<unknown, unknown, unknown>): Actor {
  const { auth } = ctx;
  return {
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    name: auth.user.nama,
    environment: auth.environment,
    language: ctx.lang as Language,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

/** The alternate destination of the result mail, or the user's own address (spec 03 §5.2). */
const destinationOf = (ctx: RouteContext<unknown, unknown, unknown>, email: string) =>
  email.trim() !== '' ? email.trim() : ctx.auth.user.username;

const credentialQuery = z.object({ username_agen: z.string().max(320).optional() });
const listQuery = z.object({ list: z.string().max(32).optional() });

export const credentialRoutes = [
  defineRoute({
    method: 'GET',
    url: CREDENTIAL_PATHS.credential,
    access: CREDENTIAL_ACCESS.page,
    query: credentialQuery,
    handler: async (ctx) => {
      const { auth } = ctx;
      // Only one's own agent: another username is refused, not looked up.
      if (ctx.query.username_agen && ctx.query.username_agen !== auth.agent.username)
        throw accessDenied();
      if (auth.agent.id_grup === CREDENTIAL_PROMPT_GROUP) {
        const answer: CredentialResponse = { activationRequired: true, credential: null };
        return ok(answer);
      }
      const answer: CredentialResponse = {
        activationRequired: false,
        credential: await readCredential(ctx.services, actorOf(ctx), auth.user.username),
      };
      return ok(answer);
    },
  }),
  defineRoute({
    method: 'GET',
    url: CREDENTIAL_PATHS.callbackUrls,
    access: CREDENTIAL_ACCESS.read,
    query: listQuery,
    handler: async (ctx) => {
      const { auth } = ctx;
      const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
      return ok({ ...list, editable: auth.environment === 'production' });
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.createOtp,
    access: CREDENTIAL_ACCESS.change,
    body: createOtpSchema,
    handler: async (ctx) => ok(await createCredentialOtp(ctx, ctx.body), 'credentials.otp.sent'),
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.generateCredential,
    access: CREDENTIAL_ACCESS.change,
    body: generateCredentialSchema,
    handler: async (ctx) => {
      await consumeCredentialOtp(ctx, 'credential', ctx.body);
      const result = await generateCredential(
        ctx.services,
        actorOf(ctx),
        destinationOf(ctx, ctx.body.email_destination),
      );
      return ok(result, 'credentials.done.credential');
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.generatePin,
    access: CREDENTIAL_ACCESS.change,
    body: generatePinSchema,
    handler: async (ctx) => {
      await consumeCredentialOtp(ctx, 'pin', ctx.body);
      const result = await generatePin(
        ctx.services,
        actorOf(ctx),
        destinationOf(ctx, ctx.body.email_destination),
      );
      return ok(result, 'credentials.done.pin', { email: result.email });
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.createSignature,
    access: CREDENTIAL_ACCESS.change,
    body: createSignatureSchema,
    handler: async (ctx) => {
      const actor = actorOf(ctx);
      // The state is checked before the OTP is used, so a wrong kode does not spend it.
      await checkSignatureKode(ctx.services, actor, ctx.body.kode);
      await consumeCredentialOtp(ctx, 'signature', ctx.body);
      const result = await createSignature(
        ctx.services,
        actor,
        ctx.body.kode,
        destinationOf(ctx, ctx.body.email_destination),
      );
      return ok(
        result,
        ctx.body.kode === 'RESET'
          ? 'credentials.done.signatureReset'
          : 'credentials.done.signature',
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.updateCredential,
    access: CREDENTIAL_ACCESS.change,
    body: updateCredentialSchema,
    handler: async (ctx) => {
      const ips = whitelistEntries(ctx.body.ip_address.split(','));
      await consumeCredentialOtp(ctx, 'whitelist', ctx.body);
      const allowIp = await updateCredential(ctx.services, actorOf(ctx), {
        appName: ctx.body.app_name,
        ips,
      });
      return ok({ allow_ip: allowIp }, 'credentials.done.whitelist');
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.callbackUrls,
    access: CREDENTIAL_ACCESS.callbackChange,
    body: setCallbackUrlSchema,
    handler: async (ctx) => {
      const url = ctx.body.url;
      // Checked before the OTP is used: a refused URL does not spend the code.
      if (url !== '') await assertPublicCallbackUrl(url, callbackUrlPolicy(ctx.services.config));
      await consumeCredentialOtp(ctx, 'callback', ctx.body);
      await setCallbackUrl(ctx.services, actorOf(ctx), ctx.body.id, url);
      const { auth } = ctx;
      const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
      return ok({ ...list, editable: true }, 'credentials.done.callback');
    },
  }),
  defineRoute({
    method: 'POST',
    url: CREDENTIAL_PATHS.generateCallbackUrls,
    access: CREDENTIAL_ACCESS.callbackChange,
    body: generateCallbackUrlsSchema,
    handler: async (ctx) => {
      const { auth } = ctx;
      if (ctx.body.id_agen !== undefined && ctx.body.id_agen !== auth.agent.id)
        throw accessDenied();
      await consumeCredentialOtp(ctx, 'callback', ctx.body);
      await generateCallbackUrls(ctx.services, actorOf(ctx));
      const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
      return ok({ ...list, editable: true }, 'credentials.done.callbackGenerated');
    },
  }),
];
