import { z } from 'zod';
import { CREDENTIAL_ACCESS, CREDENTIAL_PROMPT_GROUP } from './access-rules';

/** Kept in the zod-free ./access-rules (the route table and menu load them without zod). */
export { CREDENTIAL_ACCESS, CREDENTIAL_PROMPT_GROUP };

/**
 * The callback event types (spec 03 §3.3 items): `idinfo` is the item id, `type_info`
 * the event code sent in each callback, `type_value` the agent's URL for it.
 */
export const CALLBACK_EVENTS = [
  { idinfo: 1, type_info: 'VA_PAID', labelKey: 'credentials.events.VA_PAID' },
  { idinfo: 2, type_info: 'QRIS_PAID', labelKey: 'credentials.events.QRIS_PAID' },
  { idinfo: 3, type_info: 'RETAIL_PAID', labelKey: 'credentials.events.RETAIL_PAID' },
  { idinfo: 4, type_info: 'DISBURSEMENT', labelKey: 'credentials.events.DISBURSEMENT' },
  { idinfo: 5, type_info: 'TOPUP', labelKey: 'credentials.events.TOPUP' },
  { idinfo: 6, type_info: 'SETTLEMENT', labelKey: 'credentials.events.SETTLEMENT' },
  {
    idinfo: 7,
    type_info: 'REQUEST_PAYMENT_PAID',
    labelKey: 'credentials.events.REQUEST_PAYMENT_PAID',
  },
  { idinfo: 8, type_info: 'REMITTANCE', labelKey: 'credentials.events.REMITTANCE' },
  // The SNAP-signed payment notifications (modules/snap/notify.ts): sent beside the VA_PAID /
  // QRIS_PAID callback, in the standard's shape, only while a URL is set here.
  {
    idinfo: 9,
    type_info: 'SNAP_VA_PAYMENT',
    labelKey: 'credentials.events.SNAP_VA_PAYMENT',
  },
  {
    idinfo: 10,
    type_info: 'SNAP_QRIS_PAYMENT',
    labelKey: 'credentials.events.SNAP_QRIS_PAYMENT',
  },
] as const;
export type CallbackEventType = (typeof CALLBACK_EVENTS)[number]['type_info'];

/**
 * The event a callback row reports, from its `type_callback` (and, for a pay-in `payment`, the
 * channel kind in its body): payment → VA/QRIS/retail paid (e-wallet and card payments use the
 * retail URL), disbursement and deposit_return → DISBURSEMENT, topup, settlement,
 * request_payment, remittance. An event code itself maps to itself.
 */
export function callbackEventOf(
  typeCallback: string,
  channelKind?: string | null,
): CallbackEventType | null {
  const direct = CALLBACK_EVENTS.find((e) => e.type_info === typeCallback);
  if (direct) return direct.type_info;
  switch (typeCallback) {
    case 'payment':
      if (channelKind === 'QRIS') return 'QRIS_PAID';
      if (channelKind === 'RETAIL' || channelKind === 'EWALLET' || channelKind === 'CREDIT_CARD')
        return 'RETAIL_PAID';
      return 'VA_PAID';
    case 'va_payment':
      return 'VA_PAID';
    case 'qris_payment':
      return 'QRIS_PAID';
    case 'snap_va_payment':
      return 'SNAP_VA_PAYMENT';
    case 'snap_qris_payment':
      return 'SNAP_QRIS_PAYMENT';
    case 'retail_payment':
      return 'RETAIL_PAID';
    case 'disbursement':
    case 'withdraw':
    case 'deposit_return':
    case 'bulk_transfer':
    case 'transfer':
      return 'DISBURSEMENT';
    case 'topup':
    // The low-balance alert's optional callback goes to the top-up URL.
    case 'low_balance':
      return 'TOPUP';
    case 'settlement':
      return 'SETTLEMENT';
    case 'request_payment':
      return 'REQUEST_PAYMENT_PAID';
    case 'remittance':
      return 'REMITTANCE';
    default:
      return null;
  }
}

export const OTP_MAX_WRONG = 5;
export const IP_WHITELIST_MAX = 6;
export const IP_WHITELIST_MIN = 1;
/** The placeholder an empty whitelist field shows; it counts as empty (spec 03 §5.3). */
export const IP_PLACEHOLDER = '{ip}';
export const PIN_LENGTH = 6;
export const APP_NAME_MAX = 64;
export const CALLBACK_URL_MAX = 2048;

/** The sensitive actions an OTP is bound to (`brand` of control/create_otp). */
// snapKey: the SNAP public key upload (modules/snap/public-key.ts).
export const OTP_ACTIONS = [
  'credential',
  'pin',
  'signature',
  'whitelist',
  'callback',
  'snapKey',
] as const;
export type OtpAction = (typeof OTP_ACTIONS)[number];
/** Actions that offer the alternate destination e-mail (spec 03 §5.2). */
export const OTP_ALT_EMAIL_ACTIONS: readonly OtpAction[] = ['credential', 'pin', 'signature'];

const otpCode = z
  .string({ error: 'credentials.otp.empty' })
  .trim()
  .min(1, { error: 'credentials.otp.empty' })
  .regex(/^\d{6}$/, { error: 'credentials.otp.length' });
const otpId = z.string({ error: 'credentials.otp.empty' }).trim().min(1).max(64);
/** Checked by the server (a test session skips captchas, spec 03 §6): empty is allowed here. */
const captcha = z.string().max(20_000).optional().default('');
const emailDestination = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, {
    error: 'credentials.errors.emailInvalid',
  })
  .optional()
  .default('');

/** The OTP-confirmed part every sensitive post carries. */
export const otpConfirmSchema = z.object({
  id_otp: otpId,
  otp: otpCode,
  captcha,
});
export type OtpConfirm = z.infer<typeof otpConfirmSchema>;

export const createOtpSchema = z.object({
  captcha,
  brand: z.string({ error: 'credentials.otp.invalidType' }).max(64),
});
export type CreateOtpRequest = z.infer<typeof createOtpSchema>;

/** A rotation's overlap in hours: 0–168 (7 days); absent: 0, the old secret stops. */
const graceHours = z
  .number({ error: 'credentials.errors.graceInvalid' })
  .int('credentials.errors.graceInvalid')
  .min(0, 'credentials.errors.graceInvalid')
  .max(168, 'credentials.errors.graceInvalid')
  .optional();

export const generatePinSchema = otpConfirmSchema.extend({
  email_destination: emailDestination,
});
export type GeneratePinRequest = z.infer<typeof generatePinSchema>;
export const generateCredentialSchema = generatePinSchema.extend({
  /**
   * A new client secret with an overlap: the old secret stays valid for SNAP service
   * signatures this many hours beside the new one; 0 or absent: it stops at once.
   */
  grace_hours: graceHours,
});
export type GenerateCredentialRequest = z.infer<typeof generateCredentialSchema>;

export const SIGNATURE_KODES = ['ACTIVATED', 'RESET'] as const;
export const createSignatureSchema = generatePinSchema.extend({
  kode: z.enum(SIGNATURE_KODES, { error: 'credentials.errors.kodeInvalid' }),
  /**
   * A RESET's overlap: the old key still signs every callback beside the new one
   * (`X-Signature-Previous`) for this many hours, at most 7 days; 0 or absent: it stops at once.
   */
  grace_hours: graceHours,
});
export type CreateSignatureRequest = z.infer<typeof createSignatureSchema>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address (no ranges, no zones). */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!/^[0-9a-fA-F:.]+$/.test(value) || !value.includes(':')) return false;
  // IPv6: up to 8 groups, one '::' at most, an optional trailing dotted IPv4.
  let v = value;
  let groupsNeeded = 8;
  const lastColon = v.lastIndexOf(':');
  const tail = v.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    v = `${v.slice(0, lastColon + 1)}0:0`;
  }
  const doubles = v.split('::').length - 1;
  if (doubles > 1) return false;
  const parts = v.split(':');
  if (doubles === 1) {
    const [head, rest] = v.split('::') as [string, string];
    const h = head === '' ? [] : head.split(':');
    const r = rest === '' ? [] : rest.split(':');
    if ([...h, ...r].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return false;
    return h.length + r.length < groupsNeeded;
  }
  groupsNeeded = 8;
  return parts.length === groupsNeeded && parts.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g));
}

/**
 * The whitelist fields as the page holds them → the list sent: `{ip}` and blanks are skipped.
 * (spec 03 §5.3)
 */
export function whitelistEntries(fields: readonly string[]): string[] {
  return fields.map((f) => f.trim()).filter((f) => f !== '' && f !== IP_PLACEHOLDER);
}

/** The whitelist rule: 1 to 6 valid addresses; the first problem's catalog key, or null. */
export function whitelistProblem(entries: readonly string[]): string | null {
  if (entries.length < IP_WHITELIST_MIN) return 'credentials.ip.tooFew';
  if (entries.length > IP_WHITELIST_MAX) return 'credentials.ip.tooMany';
  if (entries.some((e) => !isIpAddress(e))) return 'credentials.ip.invalid';
  if (new Set(entries.map((e) => e.toLowerCase())).size !== entries.length)
    return 'credentials.ip.duplicate';
  return null;
}

export const updateCredentialSchema = otpConfirmSchema
  .extend({
    app_name: z
      .string({ error: 'credentials.errors.appNameRequired' })
      .trim()
      .min(1, { error: 'credentials.errors.appNameRequired' })
      .max(APP_NAME_MAX, { error: 'credentials.errors.appNameTooLong' }),
    /** Comma-joined (spec 03 §5.3); `{ip}` and empty entries are skipped. */
    ip_address: z.string({ error: 'credentials.ip.tooFew' }).max(1000),
  })
  .superRefine((value, ctx) => {
    const problem = whitelistProblem(whitelistEntries(value.ip_address.split(',')));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ip_address'] });
  });
export type UpdateCredentialRequest = z.infer<typeof updateCredentialSchema>;

/** A URL the input accepts (type url): http or https, a host; the server checks the rest. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const setCallbackUrlSchema = otpConfirmSchema.extend({
  id: z.coerce
    .number({ error: 'credentials.errors.eventUnknown' })
    .int()
    .refine((id) => CALLBACK_EVENTS.some((e) => e.idinfo === id), {
      error: 'credentials.errors.eventUnknown',
    }),
  url: z
    .string({ error: 'credentials.url.invalid' })
    .trim()
    .max(CALLBACK_URL_MAX, { error: 'credentials.url.tooLong' })
    .refine((v) => v === '' || isHttpUrl(v), { error: 'credentials.url.invalid' }),
});
export type SetCallbackUrlRequest = z.infer<typeof setCallbackUrlSchema>;

export const generateCallbackUrlsSchema = otpConfirmSchema.extend({
  id_agen: z.coerce.number().int().optional(),
});
export type GenerateCallbackUrlsRequest = z.infer<typeof generateCallbackUrlsSchema>;

const callbackEventType = z.enum(
  CALLBACK_EVENTS.map((e) => e.type_info) as [CallbackEventType, ...CallbackEventType[]],
);

export const callbackUrlItem = z.object({
  idinfo: z.number(),
  type_info: callbackEventType,
  type_value: z.string(),
});
export type CallbackUrlItem = z.infer<typeof callbackUrlItem>;

/** The agent's callback URLs; `generated` once the defaults were made, `editable` in production. */
export const callbackUrlsResponse = z.object({
  items: z.array(callbackUrlItem),
  generated: z.boolean(),
  editable: z.boolean(),
});
export type CallbackUrlsResponse = z.infer<typeof callbackUrlsResponse>;

export const credentialData = z.object({
  app_name: z.string(),
  client_id: z.string().nullable(),
  has_secret: z.boolean(),
  secret_generated_at: z.string().nullable(),
  allow_ip: z.string(),
  allow_ip_additional_1: z.string(),
  allow_ip_additional_2: z.string(),
  allow_ip_additional_3: z.string(),
  allow_ip_additional_4: z.string(),
  allow_ip_additional_5: z.string(),
  is_using_signature: z.boolean(),
  /** While a rotation's overlap runs: until when the previous client secret is still accepted. */
  previous_secret_until: z.string().nullable(),
  /** While a signature reset's overlap runs: until when callbacks also carry the old signature. */
  previous_signature_until: z.string().nullable(),
  has_pin: z.boolean(),
  email: z.string(),
});
export type CredentialData = z.infer<typeof credentialData>;

export const credentialResponse = z.object({
  /** True for agent group 3: the page shows the activation prompt and nothing else. */
  activationRequired: z.boolean(),
  credential: credentialData.nullable(),
});
export type CredentialResponse = z.infer<typeof credentialResponse>;

export const otpResponse = z.object({
  email: z.string(),
  idOtp: z.string(),
  expiresAt: z.string(),
});
export type OtpResponse = z.infer<typeof otpResponse>;

export const generatedCredential = z.object({ client_id: z.string(), client_secret: z.string() });
export type GeneratedCredential = z.infer<typeof generatedCredential>;

export const generatedSignature = z.object({
  signature_key: z.string(),
  is_using_signature: z.literal(true),
});
export type GeneratedSignature = z.infer<typeof generatedSignature>;
