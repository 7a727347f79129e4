import { RC } from '@gerbang/shared';
import { currentLanguage } from '../../lib/i18n';

/**
 * Downloads `GET report/{key}/xlsx` (a file, not the envelope). A refusal still answers the
 * envelope as JSON; its `rd` is returned so the page can show it in the usual dialog.
 */
export async function downloadReport(
  key: string,
  query: { period: string; type?: string },
): Promise<{ ok: true } | { ok: false; rd: string | null; rc: string }> {
  const url = new URL(`/api/report/${key}/xlsx`, window.location.origin);
  url.searchParams.set('period', query.period);
  if (query.type) url.searchParams.set('type', query.type);
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
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
