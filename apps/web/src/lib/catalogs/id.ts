import { catalogFromFiles } from './from-files';

/**
 * The Indonesian catalog's core (common, auth, ui), its own chunk: what the login page needs.
 * The rest (id-rest.ts) loads with the first page behind the login or any other page.
 */
export default catalogFromFiles(
  import.meta.glob('../../../../../packages/shared/src/i18n/id/{common,auth,ui}.json', {
    eager: true,
    import: 'default',
  }),
);
