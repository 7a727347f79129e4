import { catalogFromFiles } from './from-files';

/**
 * The English catalog's core (common, auth, ui), its own chunk: what the login page needs.
 * The rest (en-rest.ts) loads with the first page behind the login or any other page.
 */
export default catalogFromFiles(
  import.meta.glob('../../../../../packages/shared/src/i18n/en/{common,auth,ui}.json', {
    eager: true,
    import: 'default',
  }),
);
