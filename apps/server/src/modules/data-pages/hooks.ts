/**
 * What other areas add to the data-page route: the exports area turns a page's checked query into
 * an export job (the page's download button) and gives the export list's rows their download
 * links. The exports area builds on this engine (its worker runs the stored query), so the engine
 * does not import it: the composition root registers these (modules/data-page-hooks.ts).
 */
import type { DataPageDescriptor, ExportJobCreated, Language, PagePath } from '@gerbang/shared';
import type { AuthContext } from '../../http/auth-context';
import type { Services } from '../../http/services';
import type { DataPlan } from './query';

export type ExportRequester = (
  services: Services,
  auth: AuthContext,
  page: DataPageDescriptor,
  plan: DataPlan,
  lang: Language,
) => Promise<ExportJobCreated>;

export type RowsDecorator = (
  services: Services,
  auth: AuthContext,
  rows: Array<Record<string, unknown>>,
) => Array<Record<string, unknown>>;

let exportRequester: ExportRequester | null = null;
const rowDecorators = new Map<PagePath, RowsDecorator>();

/** Registers what a page's export request does (one requester; registering again replaces it). */
export function onExportRequested(requester: ExportRequester): void {
  exportRequester = requester;
}

/** Registers what the rows of page `path` get before they are answered (once per page). */
export function onPageRows(path: PagePath, decorator: RowsDecorator): void {
  rowDecorators.set(path, decorator);
}

export function requestExport(...args: Parameters<ExportRequester>): Promise<ExportJobCreated> {
  if (!exportRequester) throw new Error('no export requester registered (registerDataPageHooks)');
  return exportRequester(...args);
}

export function decorateRows(
  path: PagePath,
  ...args: Parameters<RowsDecorator>
): Array<Record<string, unknown>> {
  const decorator = rowDecorators.get(path);
  return decorator ? decorator(...args) : args[2];
}
