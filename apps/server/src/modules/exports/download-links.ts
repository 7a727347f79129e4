import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AuthContext } from '../../http/auth-context';
import type { Services } from '../../http/services';
import { downloadUrl } from './tokens';

/** Export-list rows carry download links (token-protected) when the job succeeded. */
export function withDownloadLinks(
  services: Services,
  auth: AuthContext,
  rows: Array<Record<string, unknown>>,
): Array<Record<string, unknown>> {
  return rows.map((row) => {
    // Spec 03 §2.3: a download only when the job succeeded and its file is still there.
    const ready =
      Number(row.status) === 3 &&
      typeof row.lokasi_file === 'string' &&
      existsSync(path.join(services.config.exportDir, path.basename(row.lokasi_file)));
    if (!ready) return { ...row, download_csv: null, download_xlsx: null };
    const id = Number(row.id);
    return {
      ...row,
      download_csv: downloadUrl(
        services,
        { id, agentId: auth.agent.id, userId: auth.user.id },
        'csv',
      ),
      download_xlsx: row.lokasi_file_xlsx
        ? downloadUrl(services, { id, agentId: auth.agent.id, userId: auth.user.id }, 'xlsx')
        : null,
    };
  });
}
