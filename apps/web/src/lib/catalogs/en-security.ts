import { catalogFromFiles } from './from-files';

/** The security namespaces (second factor, sessions, API keys) (en), its own chunk: loaded by the pages that need it (lib/i18n.ts). */
export default catalogFromFiles(
  import.meta.glob('../../../../../packages/shared/src/i18n/en/{security,sessions,api-keys}.json', {
    eager: true,
    import: 'default',
  }),
);
