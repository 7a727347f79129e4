import type { PartnerRouteDefinition } from '../../http/partner-route';
import { openApiDocument } from './openapi';
import { serviceRoute } from './pipeline';
import { providerKey } from './provider-key';
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

/** The public key that verifies Gerbang's SNAP payment notifications (snap-notification.ts). */
export const PROVIDER_PUBLIC_KEY_PATH = '/snap/v1.0/provider-public-key';

const providerPublicKeyRoute: PartnerRouteDefinition = {
  method: 'GET',
  url: PROVIDER_PUBLIC_KEY_PATH,
  access: {
    partnerApi: 'document',
    reason: "the public key of the deployment's SNAP notification signature (PEM)",
  },
  handler: async ({ reply, services }) => {
    const key = await providerKey(services.db);
    return reply
      .type('application/x-pem-file; charset=utf-8')
      .header('x-key-fingerprint-sha256', key.fingerprint)
      .send(key.publicPem);
  },
};

/** Every SNAP route (registered outside /api by buildApp's partner routes). */
export const snapRoutes: PartnerRouteDefinition[] = [
  accessTokenRoute,
  // Each spec's run matches its own schema; the list's element type cannot say so.
  ...SNAP_SERVICES.map((spec) => serviceRoute(spec as any)),
  openApiRoute,
  providerPublicKeyRoute,
  ...referenceRoutes,
];
