import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { RC } from '@gerbang/shared';
import { exportCalls } from '@gerbang/shared/contract/exports-calls';
import { ApiError, notFound } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { verifyExportToken } from './tokens';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const exportRoutes: RouteDefinition[] = [
  defineRoute(
    exportCalls.download,
    async ({ query, services, reply }) => {
      const job = await services.db
        .selectFrom('export_jobs')
        .select([
          'id',
          'agent_id',
          'user_id',
          'status',
          'nama_menu',
          'lokasi_file',
          'lokasi_file_xlsx',
        ])
        .where('id', '=', Number(query.id))
        .executeTakeFirst();
      const owner = job && { id: job.id, agentId: job.agent_id, userId: job.user_id };
      if (
        !job ||
        !owner ||
        !verifyExportToken(services.config.sessionSecret, owner, query.token, services.now())
      ) {
        throw new ApiError(RC.ACCESS_DENIED, 'data.errors.exportLinkInvalid');
      }
      const stored = query.format === 'xlsx' ? job.lokasi_file_xlsx : job.lokasi_file;
      if (job.status !== 3 || !stored) throw notFound('data.errors.exportNotReady');
      // Only a plain file name is ever stored; basename keeps a bad row from leaving the directory.
      const file = path.join(services.config.exportDir, path.basename(stored));
      if (!existsSync(file)) throw notFound('data.errors.exportNotReady');
      const name = `${job.nama_menu}-${job.id}.${query.format}`;
      await reply
        .header('content-type', CONTENT_TYPES[query.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
      return undefined;
    },
    { raw: true },
  ),
];
