import { RC, type ReportKey, type TransactionType } from '@gerbang/shared';
import { reportCalls } from '@gerbang/shared/contract/reports-calls';
import { callUrl } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';

/**
 * Downloads `GET report/{key}/xlsx` (a file, not the envelope). A refusal still answers the
 * envelope as JSON; its `rd` is returned so the page can show it in the usual dialog.
 */
export async function downloadReport(
  key: ReportKey,
  query: { period: string; type?: TransactionType },
): Promise<{ ok: true } | { ok: false; rd: string | null; rc: string }> {
  let res: Response;
  try {
    res = await fetch(callUrl(reportCalls[key].xlsx, query), {
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Language': currentLanguage() },
    });
  } catch {
    return { ok: false, rd: null, rc: RC.GENERIC };
  }
  if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
    const envelope = (await res.json().catch(() => null)) as { rc?: string; rd?: string } | null;
    return { ok: false, rd: envelope?.rd ?? null, rc: envelope?.rc ?? RC.GENERIC };
  }
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `${key}_${query.period}.xlsx`;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true };
}
