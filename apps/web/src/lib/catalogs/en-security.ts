import { catalogFromFiles } from './from-files';

/** The security namespace (en), its own chunk: loaded by the pages that need it (lib/i18n.ts). */
export default catalogFromFiles(
  import.meta.glob('../../../../../packages/shared/src/i18n/en/security.json', {
    eager: true,
    import: 'default',
  }),
);
