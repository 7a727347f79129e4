import { z } from 'zod';
import { ADVANCE_FUNDS_ACCESS } from './access-rules';
import { createTalanganAnswer, createTalanganBody, talanganProduct } from './advance-funds';
import { defineCall } from './call';

/** The advance-funds form's calls (spec 03 §7.7): its product list and the two saves. */
export const advanceFundsCalls = {
  /** The products whose sales are still held (spec 03 §7.7: "path not shown"). */
  products: defineCall({
    method: 'GET',
    path: '/data/list_produk_talangan',
    access: ADVANCE_FUNDS_ACCESS.add,
    response: z.array(talanganProduct),
  }),
  /** Saves the request, or answers rc 99 with the dates it would not advance. */
  create: defineCall({
    method: 'POST',
    path: '/data/create_talangan',
    access: ADVANCE_FUNDS_ACCESS.add,
    request: createTalanganBody,
    response: createTalanganAnswer,
  }),
  /** "Tetap Simpan": saves the request without the rejected dates. */
  createNext: defineCall({
    method: 'POST',
    path: '/data/create_talangan_next',
    access: ADVANCE_FUNDS_ACCESS.add,
    request: createTalanganBody,
    response: createTalanganAnswer,
  }),
};
