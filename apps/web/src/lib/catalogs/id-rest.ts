import { catalogFromFiles } from './from-files';

/** The Indonesian catalog without its core (id.ts): every other namespace, its own chunk. */
export default catalogFromFiles(
  import.meta.glob(
    [
      '../../../../../packages/shared/src/i18n/id/*.json',
      '!../../../../../packages/shared/src/i18n/id/{common,auth,ui,security,sessions,api-keys,approvals,console,remittance,bulkva,simulator,credentials,paylink,nmid,schedules,alerts,recon,statements,team,bulk,transfer,callbacks,topup,reports,advance-funds}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
