import { CALLBACK_EVENTS } from '@gerbang/shared';
import type { Services } from '../http/services';

/** The demo receiver (`/api/dev/callback_sink`, demo mode only) that partner's callbacks go to. */
export function demoCallbackSinkUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/dev/callback_sink`;
}

/**
 * Demo mode: partner@demo.id's callback URLs, every event type in both environments, point at the
 * demo receiver, so a person can watch callbacks arrive. Rows already there (the user may have
 * changed them) are kept; production never runs the demo seed.
 */
export async function seedCallbackUrls(services: Services): Promise<void> {
  if (services.config.mode !== 'demo') return;
  const agent = await services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', 'partner@demo.id')
    .executeTakeFirst();
  if (!agent) return;
  const url = demoCallbackSinkUrl(services.config.publicUrl);
  const now = services.now();
  await services.db
    .insertInto('callback_urls')
    .values(
      (['production', 'sandbox'] as const).flatMap((environment) =>
        CALLBACK_EVENTS.map((e) => ({
          agent_id: agent.id,
          environment,
          idinfo: e.idinfo,
          type_info: e.type_info,
          type_value: url,
          updated_at: now,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['agent_id', 'environment', 'idinfo']).doNothing())
    .execute();
}
