import { createHash, createPublicKey } from 'node:crypto';
import type { ApiLogPage, ProviderKeyState, PublicKeyState } from '@gerbang/shared/contract/snap';
import { snapCalls } from '@gerbang/shared/contract/snap-calls';
import { validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { consumeCredentialOtp } from '../credentials/otp';
import { providerKey } from './provider-key';
import { normalisePublicKey } from './signature';

/**
 * The portal side of SNAP: the credential card's "upload public key" (through the same OTP flow
 * as every credential change: `control/create_otp` with brand `snapKey`, then this call with the
 * code and the captcha), and the API log of the agent's own calls in the session's environment.
 */

function fingerprint(pem: string): string {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

export const snapPortalRoutes = [
  defineRoute(snapCalls.publicKey, async ({ services, auth }) => {
    const row = await services.db
      .selectFrom('agent_credentials')
      .select(['snap_public_key', 'updated_at'])
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .executeTakeFirst();
    const answer: PublicKeyState = {
      registered: Boolean(row?.snap_public_key),
      fingerprint: row?.snap_public_key ? fingerprint(row.snap_public_key) : null,
      updated_at: row?.snap_public_key ? new Date(row.updated_at).toISOString() : null,
    };
    return ok(answer);
  }),
  defineRoute(snapCalls.uploadPublicKey, async (ctx) => {
    const { services, auth } = ctx;
    // Checked before the OTP is used: a wrong key does not spend the code.
    const pem = normalisePublicKey(ctx.body.public_key);
    if (!pem) throw validationError('snap.publicKey.invalid');
    await consumeCredentialOtp(ctx, 'snapKey', ctx.body);
    const now = services.now();
    await services.db
      .insertInto('agent_credentials')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        app_name: '',
        allow_ip: '',
        updated_at: now,
        snap_public_key: pem,
      })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'environment'])
          .doUpdateSet({ snap_public_key: pem, updated_at: now }),
      )
      .execute();
    const print = fingerprint(pem);
    await writeAudit(services.db, {
      at: now,
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'snap_public_key',
      target: auth.user.username,
      detail: { fingerprint: print },
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      environment: auth.environment,
    });
    const answer: PublicKeyState = {
      registered: true,
      fingerprint: print,
      updated_at: now.toISOString(),
    };
    return ok(answer, 'snap.publicKey.done');
  }),
  defineRoute(snapCalls.providerKey, async ({ services }) => {
    const key = await providerKey(services.db);
    const answer: ProviderKeyState = { public_key: key.publicPem, fingerprint: key.fingerprint };
    return ok(answer);
  }),
  defineRoute(snapCalls.apiLog, async ({ services, auth, query }) => {
    const scope = services.db
      .selectFrom('snap_api_log')
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment);
    const total = await scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await scope
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    const answer: ApiLogPage = {
      rows: rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        method: r.method,
        path: r.path,
        http_status: r.http_status,
        response_code: r.response_code,
        latency_ms: r.latency_ms,
        external_id: r.external_id,
        client_ip: r.client_ip,
        request_body: r.request_body,
        response_body: r.response_body,
      })),
      total: Number(total?.n ?? 0),
      page: query.page,
      per_page: query.per_page,
    };
    return ok(answer);
  }),
];
