import { lazy } from 'react';
import type { ConsoleView } from '../features/console/types';
import { withCatalogParts } from '../lib/i18n';

/** The provider's reconciliation, with its words (a catalog part) and code, when it is opened. */
const ConsoleReconciliation = lazy(() =>
  withCatalogParts(['recon'], import('./console-reconciliation')),
);

/** Console views of other features (ADR 023: the provider's reconciliation). */
export const CONSOLE_VIEWS: readonly ConsoleView[] = [
  {
    path: 'reconciliation',
    labelKey: 'console.nav.reconciliation',
    module: 'console_reconciliation',
    render: (staff) => <ConsoleReconciliation staff={staff} />,
  },
];
