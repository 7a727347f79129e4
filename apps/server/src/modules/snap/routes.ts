import type { PartnerRouteDefinition } from '../../http/partner-route';
import { openApiDocument } from './openapi';
import { serviceRoute } from './pipeline';
import { referenceRoutes } from './reference';
import { SNAP_SERVICES } from './services';
import { accessTokenRoute } from './token';

const openApiRoute: PartnerRouteDefinition = {
  method: 'GET',
  url: '/snap/openapi.json',
  access: { partnerApi: 'document', reason: 'the public OpenAPI 3.1 description of the SNAP API' },
  handler: async ({ reply, services }) =>
    reply.type('application/json; charset=utf-8').send(openApiDocument(services.config.supportUrl)),
};

/** Every SNAP route (registered outside /api by buildApp's partner routes). */
export const snapRoutes: PartnerRouteDefinition[] = [
  accessTokenRoute,
  // Each spec's run matches its own schema; the list's element type cannot say so.
  ...SNAP_SERVICES.map((spec) => serviceRoute(spec as any)),
  openApiRoute,
  ...referenceRoutes,
];
