import { lazy } from 'react';
import { withCatalogParts } from '../lib/i18n';

/**
 * The provider console with the views other features give it (app/console-views.tsx), composed
 * here so that neither the console feature imports another feature nor the shell every page loads
 * carries the console's list of catalog parts.
 */
const Console = lazy(() =>
  withCatalogParts(
    ['security', 'console', 'nmid', 'alerts', 'advanceFunds'],
    Promise.all([import('../features/console/ConsolePage'), import('./console-views')]),
  ).then(([page, views]) => ({
    default: () => <page.default views={views.CONSOLE_VIEWS} />,
  })),
);

export default function ConsoleEntry() {
  return <Console />;
}
