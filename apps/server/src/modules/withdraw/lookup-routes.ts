import { RC } from '@gerbang/shared';
import type { FavouriteDestination } from '@gerbang/shared/contract/withdraw';
import { withdrawCalls } from '@gerbang/shared/contract/withdraw-calls';
import { BANKS, findBank } from '@gerbang/shared/domain/banks';
import {
  EWALLET_PRODUCTS,
  findEwalletProduct,
  findRetailProduct,
  PRODUCT_CODES,
  RETAIL_PRODUCTS,
} from '@gerbang/shared/domain/products';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';

/**
 * Lookups of the withdraw page (spec 02 §7): real bank codes, products and saved destinations —
 * the beneficiary book's active rows (the favourite list is the book).
 */

async function storedDestinations(
  ctx: RouteContext<unknown, { offset: number; limit: number }, unknown>,
): Promise<FavouriteDestination[]> {
  // The `email` parameter of the spec names the caller; the session already does, and a request
  // never picks another agent's rows, so it is accepted and not used for scoping.
  return ctx.services.db
    .selectFrom('favourite_accounts')
    .select(['id', 'kodebank', 'namabank', 'accountnumber', 'accountname', 'type', 'label', 'tags'])
    .where('agent_id', '=', ctx.auth.agent.id)
    .where('environment', '=', ctx.auth.environment)
    .where('is_active', '=', true)
    .orderBy('namabank')
    .orderBy('accountname')
    .orderBy('id')
    .offset(ctx.query.offset)
    .limit(ctx.query.limit)
    .execute();
}

const BRAND_COLOURS: Record<string, string> = {
  '002': '#00529C',
  '008': '#003D79',
  '009': '#F15A23',
  '011': '#F7A800',
  '013': '#00A3DA',
  '014': '#0060AF',
  '022': '#7B1315',
  '451': '#00A39D',
  OVO: '#4C3494',
  GOPAY: '#00AED6',
  DANA: '#118EEA',
  SHOPEEPAY: '#EE4D2D',
  LINKAJA: '#E82529',
  IDMTARIKTUNAI: '#0A4DA2',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A badge with the bank's short name: we ship no third-party logos. */
function logoSvg(code: string): string | null {
  const name =
    findBank(code)
      ?.namabank.replace(/^Bank /, '')
      .replace(/ \(.*\)$/, '') ??
    findEwalletProduct(code)?.nama_produk ??
    (findRetailProduct(code) ? 'Indomaret' : null);
  if (!name) return null;
  const label = name.length > 12 ? name.split(/[\s/]+/)[0] : name;
  const colour = BRAND_COLOURS[code] ?? '#1C7ED6';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64"><rect width="160" height="64" rx="12" fill="${colour}"/><text x="80" y="40" font-family="Helvetica,Arial,sans-serif" font-size="${label.length > 8 ? 18 : 24}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(label)}</text></svg>`;
}

export const withdrawLookupRoutes = [
  defineRoute(withdrawCalls.banks, async () =>
    ok(BANKS.map((bank) => ({ kodebank: bank.kodebank, namabank: bank.namabank }))),
  ),
  defineRoute(withdrawCalls.ewallets, async () => ok(EWALLET_PRODUCTS.map((p) => ({ ...p })))),
  defineRoute(withdrawCalls.retailProducts, async () => ok(RETAIL_PRODUCTS.map((p) => ({ ...p })))),
  defineRoute(withdrawCalls.productCodes, async () =>
    ok(
      PRODUCT_CODES.map((p) => ({
        kode_produk: p.kode_produk,
        id_produk: p.kode_produk,
        nama_produk: p.nama_produk,
      })),
    ),
  ),
  defineRoute(withdrawCalls.favourites, async (ctx) => ok(await storedDestinations(ctx))),
  defineRoute(withdrawCalls.favouritesOnWithdraw, async (ctx) => ok(await storedDestinations(ctx))),
  defineRoute(
    withdrawCalls.bankLogo,
    async ({ reply, params }) => {
      const svg = logoSvg(params.code);
      if (!svg) throw new ApiError(RC.NOT_FOUND, 'common.errors.notFound');
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
      return undefined;
    },
    { raw: true, params: z.object({ code: z.string().max(20) }) },
  ),
];
