import { catalogFromFiles } from './from-files';

/** The English catalog without its core (en.ts): every other namespace, its own chunk. */
export default catalogFromFiles(
  import.meta.glob(
    [
      '../../../../../packages/shared/src/i18n/en/*.json',
      '!../../../../../packages/shared/src/i18n/en/{common,auth,ui,security,sessions,api-keys,approvals,console,remittance,bulkva,simulator,credentials,paylink,nmid,schedules,alerts,recon,statements,team,bulk,transfer,callbacks,topup,reports,advance-funds}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
