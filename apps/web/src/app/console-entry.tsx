import { lazy } from 'react';
import type { ConsoleView } from '../features/console/types';
import { withCatalogParts } from '../lib/i18n';

/** The provider's reconciliation, with its words (a catalog part) and code, when it is opened. */
const ConsoleReconciliation = lazy(() =>
  withCatalogParts(['recon'], import('./console-reconciliation')),
);

/** Console views of other features (ADR 023: the provider's reconciliation). */
const CONSOLE_VIEWS: readonly ConsoleView[] = [
  {
    path: 'reconciliation',
    labelKey: 'console.nav.reconciliation',
    module: 'console_reconciliation',
    render: (staff) => <ConsoleReconciliation staff={staff} />,
  },
];

/**
 * The provider console with the views other features give it, composed here so that neither the
 * console feature imports another feature nor the shell every page loads carries the console's
 * list of catalog parts.
 */
const Console = lazy(() =>
  withCatalogParts(
    ['security', 'console', 'nmid', 'alerts', 'advanceFunds'],
    import('../features/console/ConsolePage'),
  ).then((page) => ({ default: () => <page.default views={CONSOLE_VIEWS} /> })),
);

export default function ConsoleEntry() {
  return <Console />;
}
