/**
 * The calls of NMID registration (spec 03 §7.7): the multipart create, the owner's photos and the
 * approved request's sticker. Handlers only translate; the rules are in service.ts.
 */
import { NMID_IMAGES, NMID_LIMITS, type NmidImage } from '@gerbang/shared/contract/nmid';
import { nmidCalls } from '@gerbang/shared/contract/nmid-calls';
import { notFound, validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { qrisMerchantFor, staticQrisPayloadFor } from '../payins/qris-merchant';
import { type CreateNmidInput, createNmid, readOwnNmidImage } from './service';
import { stickerPdf, stickerPng } from './sticker';

const FIELD_MAX = 4096;

export const nmidRoutes = [
  defineRoute(
    nmidCalls.create,
    async (ctx) => {
      const input: CreateNmidInput = { fields: {}, files: {} };
      // A longer file is read up to the limit and refused in the spec's order, not with a 413
      // (the plugin reads `throwFileSizeLimit` here too; its types list it only on `file()`).
      const options = {
        limits: { fileSize: NMID_LIMITS.maxImageBytes, files: NMID_IMAGES.length, fields: 40 },
        throwFileSizeLimit: false,
      };
      const parts = ctx.req.parts(options);
      for await (const part of parts) {
        if (part.type === 'file') {
          const which = part.fieldname as NmidImage;
          if (!NMID_IMAGES.includes(which) || input.files[which]) {
            part.file.resume();
            throw validationError('nmid.invalid');
          }
          // Reads at most the limit; a longer file is marked truncated (refused in order).
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          input.files[which] = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
        } else {
          const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
          if (value.length > FIELD_MAX) throw validationError('nmid.invalid');
          input.fields[part.fieldname] = value;
        }
      }
      return ok(await createNmid(ctx.services, actorOf(ctx), input), 'nmid.saved');
    },
    { bodyLimit: NMID_IMAGES.length * (NMID_LIMITS.maxImageBytes + 64 * 1024) + 256 * 1024 },
  ),
  defineRoute(
    nmidCalls.image,
    async (ctx) => {
      const image = await readOwnNmidImage(ctx.services, actorOf(ctx), ctx.query);
      ctx.reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
      return undefined;
    },
    { raw: true },
  ),
  defineRoute(
    nmidCalls.sticker,
    async (ctx) => {
      const { auth } = ctx;
      const row = await ctx.services.db
        .selectFrom('nmid_requests')
        .select([
          'nmid',
          'qris_payload',
          'nama_usaha',
          'decided_at',
          'agent_id',
          'kabupaten',
          'kode_pos',
          'pendapatan',
        ])
        .where('id', '=', ctx.query.id)
        .where('agent_id', '=', auth.agent.id)
        .where('environment', '=', auth.environment)
        .where('status', '=', 2)
        .executeTakeFirst();
      if (!row?.nmid) throw notFound('nmid.stickerNotFound');
      const sticker = {
        // Requests approved before the console existed (demo history) have no stored payload.
        payload:
          row.qris_payload ??
          staticQrisPayloadFor(
            qrisMerchantFor(row.agent_id, {
              name: row.nama_usaha,
              nmid: row.nmid,
              city: row.kabupaten,
              postalCode: row.kode_pos,
              revenue: row.pendapatan,
            }),
          ),
        merchantName: row.nama_usaha,
        nmid: row.nmid,
        createdAt: row.decided_at ?? ctx.services.now(),
      };
      const pdf = ctx.query.format === 'pdf';
      const bytes = pdf ? await stickerPdf(sticker) : await stickerPng(sticker);
      ctx.reply
        .header('content-type', pdf ? 'application/pdf' : 'image/png')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="qris-${row.nmid}.${pdf ? 'pdf' : 'png'}"`,
        )
        .send(bytes);
      return undefined;
    },
    { raw: true },
  ),
];
