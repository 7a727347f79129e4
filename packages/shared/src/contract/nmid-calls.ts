import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';
import { NMID_ACCESS, nmidImageQuery, nmidStickerQuery } from './nmid';

/** NMID registration (spec 03 §7.7): the multipart create, the owner's photos, the sticker. */
export const nmidCalls = {
  /** The form's fields and its four photos (multipart). */
  create: defineCall({
    method: 'POST',
    path: '/data/create_nmid',
    access: NMID_ACCESS.add,
    multipart: true,
    response: z.object({ id: z.number() }),
  }),
  /** One stored photo of an own request. */
  image: defineCall({
    method: 'GET',
    path: '/data/nmid_image',
    access: NMID_ACCESS.read,
    query: nmidImageQuery,
    response: RAW_ANSWER,
  }),
  /** The approved request's static QRIS sticker (PNG or PDF). */
  sticker: defineCall({
    method: 'GET',
    path: '/data/nmid_sticker',
    access: NMID_ACCESS.read,
    query: nmidStickerQuery,
    response: RAW_ANSWER,
  }),
};
