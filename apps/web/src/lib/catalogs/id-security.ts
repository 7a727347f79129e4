import { catalogFromFiles } from './from-files';

/** The security namespaces (second factor, sessions, API keys) (id), its own chunk: loaded by the pages that need it (lib/i18n.ts). */
export default catalogFromFiles(
  import.meta.glob('../../../../../packages/shared/src/i18n/id/{security,sessions,api-keys}.json', {
    eager: true,
    import: 'default',
  }),
);
