import { evaluateAccess } from '@gerbang/shared';
import { EVENT_ACCESS, EVENT_TYPES, type EventType } from '@gerbang/shared/contract/events';
import { eventsCalls } from '@gerbang/shared/contract/events-calls';
import type { AuthContext } from '../../http/auth-context';
import { accessSubjectOf } from '../../http/guard';
import { defineRoute } from '../../http/route';
import { scopeOf } from './hub';
import { lastEventIdOf, openEventStream } from './stream';

/**
 * The event types this session may receive: a type reaches a tab only when one of its rules
 * (EVENT_ACCESS, the shared contract) allows the session — decided once per connection; a stream
 * ends within 15 minutes and the reconnect decides again.
 */
export function allowedEventTypes(auth: AuthContext): EventType[] {
  const subject = accessSubjectOf(auth);
  return EVENT_TYPES.filter((type) =>
    EVENT_ACCESS[type].some((rule) => evaluateAccess(rule, subject) === 'allowed'),
  );
}

export const eventRoutes = [
  // GET /events: the session's agent and environment only (ADR 017); one per tab.
  defineRoute(
    eventsCalls.stream,
    async ({ auth, services, reply, req }) => {
      const types = allowedEventTypes(auth);
      const allowed = new Set<string>(types);
      await openEventStream(services.events, services.db, reply, {
        scope: scopeOf(auth.agent.id, auth.environment),
        accepts: (type) => allowed.has(type),
        replay: { agentId: auth.agent.id, environment: auth.environment, types },
        lastEventId: lastEventIdOf(req.headers['last-event-id']),
      });
      return undefined;
    },
    { raw: true },
  ),
];
