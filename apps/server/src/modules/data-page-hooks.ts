import { onExportRequested, onPageRows } from './data-pages/hooks';
import { withDownloadLinks } from './exports/download-links';
import { createExportJob } from './exports/jobs';

/**
 * What areas add to the data-page engine's route (data-pages/hooks.ts). The engine imports no
 * area built on it: the composition root (bootstrap) calls this once when it builds the services.
 */
export function registerDataPageHooks(): void {
  // A page's download button: the checked query becomes an export job the worker writes.
  onExportRequested(createExportJob);
  // The export list's rows carry download links (token-protected) when the job succeeded.
  onPageRows('export_data', withDownloadLinks);
}
