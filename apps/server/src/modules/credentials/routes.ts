/**
 * The credential page's calls (spec 03 §2.4, §7.2). Access rules from the contract: reads need
 * credential READ, API enabled, Business or Personal H2H, and not group 3 (the page call itself
 * answers group 3 with the activation prompt); changes need credential UPDATE too; callback URL
 * changes are production only. Every change goes through the OTP of its action (otp.ts).
 */
import { CREDENTIAL_PROMPT_GROUP, type Language, whitelistEntries } from '@gerbang/shared';
import { credentialCalls } from '@gerbang/shared/contract/credentials-calls';
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

export const credentialRoutes = [
  defineRoute(credentialCalls.credential, async (ctx) => {
    const { auth } = ctx;
    // Only one's own agent: another username is refused, not looked up.
    if (ctx.query.username_agen && ctx.query.username_agen !== auth.agent.username)
      throw accessDenied();
    if (auth.agent.id_grup === CREDENTIAL_PROMPT_GROUP) {
      return ok({ activationRequired: true, credential: null });
    }
    return ok({
      activationRequired: false,
      credential: await readCredential(ctx.services, actorOf(ctx), auth.user.username),
    });
  }),
  defineRoute(credentialCalls.callbackUrls, async (ctx) => {
    const { auth } = ctx;
    const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
    return ok({ ...list, editable: auth.environment === 'production' });
  }),
  defineRoute(credentialCalls.createOtp, async (ctx) =>
    ok(await createCredentialOtp(ctx, ctx.body), 'credentials.otp.sent'),
  ),
  defineRoute(credentialCalls.generateCredential, async (ctx) => {
    await consumeCredentialOtp(ctx, 'credential', ctx.body);
    const result = await generateCredential(
      ctx.services,
      actorOf(ctx),
      destinationOf(ctx, ctx.body.email_destination),
      ctx.body.grace_hours ?? 0,
    );
    return ok(result, 'credentials.done.credential');
  }),
  defineRoute(credentialCalls.generatePin, async (ctx) => {
    await consumeCredentialOtp(ctx, 'pin', ctx.body);
    const result = await generatePin(
      ctx.services,
      actorOf(ctx),
      destinationOf(ctx, ctx.body.email_destination),
    );
    return ok(result, 'credentials.done.pin', { email: result.email });
  }),
  defineRoute(credentialCalls.createSignature, async (ctx) => {
    const actor = actorOf(ctx);
    // The state is checked before the OTP is used, so a wrong kode does not spend it.
    await checkSignatureKode(ctx.services, actor, ctx.body.kode);
    await consumeCredentialOtp(ctx, 'signature', ctx.body);
    const result = await createSignature(
      ctx.services,
      actor,
      ctx.body.kode,
      destinationOf(ctx, ctx.body.email_destination),
      ctx.body.grace_hours ?? 0,
    );
    return ok(
      result,
      ctx.body.kode === 'RESET' ? 'credentials.done.signatureReset' : 'credentials.done.signature',
    );
  }),
  defineRoute(credentialCalls.updateCredential, async (ctx) => {
    const ips = whitelistEntries(ctx.body.ip_address.split(','));
    await consumeCredentialOtp(ctx, 'whitelist', ctx.body);
    const allowIp = await updateCredential(ctx.services, actorOf(ctx), {
      appName: ctx.body.app_name,
      ips,
    });
    return ok({ allow_ip: allowIp }, 'credentials.done.whitelist');
  }),
  defineRoute(credentialCalls.setCallbackUrl, async (ctx) => {
    const url = ctx.body.url;
    // Checked before the OTP is used: a refused URL does not spend the code.
    if (url !== '') await assertPublicCallbackUrl(url, callbackUrlPolicy(ctx.services.config));
    await consumeCredentialOtp(ctx, 'callback', ctx.body);
    await setCallbackUrl(ctx.services, actorOf(ctx), ctx.body.id, url);
    const { auth } = ctx;
    const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
    return ok({ ...list, editable: true }, 'credentials.done.callback');
  }),
  defineRoute(credentialCalls.generateCallbackUrls, async (ctx) => {
    const { auth } = ctx;
    if (ctx.body.id_agen !== undefined && ctx.body.id_agen !== auth.agent.id) throw accessDenied();
    await consumeCredentialOtp(ctx, 'callback', ctx.body);
    await generateCallbackUrls(ctx.services, actorOf(ctx));
    const list = await listCallbackUrls(ctx.services.db, auth.agent.id, auth.environment);
    return ok({ ...list, editable: true }, 'credentials.done.callbackGenerated');
  }),
];
