import { z } from 'zod';

/**
 * Second factors (ADR 010): TOTP, passkeys, recovery codes, the login's second
 * step and step-up. The same shapes serve portal users (`/security/*`) and console staff
 * (`/console/security/*`).
 */

/** A TOTP (6 digits) or a recovery code (xxxxx-xxxxx); which one is decided by its shape. */
export const factorCodeRequest = z.object({
  code: z
    .string('security.errors.codeRequired')
    .trim()
    .min(1, 'security.errors.codeRequired')
    .max(32, 'security.errors.codeInvalid'),
});

/** A WebAuthn response as @simplewebauthn/browser gives it (its library checks the shape). */
const webauthnJson = z.record(z.string(), z.unknown());

export const passkeyResponseRequest = z.object({ response: webauthnJson });

export const passkeyRegisterRequest = z.object({
  name: z
    .string('security.errors.nameRequired')
    .trim()
    .min(1, 'security.errors.nameRequired')
    .max(60, 'security.errors.nameTooLong'),
  response: webauthnJson,
});

export const totpConfirmRequest = z.object({
  factor_id: z.number('security.errors.codeInvalid').int().positive(),
  code: factorCodeRequest.shape.code,
});

export const factorIdRequest = z.object({ id: z.number().int().positive() });

export const webauthnOptions = webauthnJson;

export const factorList = z.object({
  factors: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['totp', 'passkey']),
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
  recovery_codes_left: z.number(),
  /** A second factor is required of this user (their agent's or the provider's rule). */
  required: z.boolean(),
});
export type FactorListDto = z.infer<typeof factorList>;

export const totpStartResult = z.object({
  factor_id: z.number(),
  /** Base32, for typing into the app when the QR code cannot be scanned. */
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qr: z.string(),
});

/** Recovery codes are answered once: after the first factor, and when regenerated. */
export const enrolResult = z.object({ recovery_codes: z.array(z.string()).nullable() });
export const recoveryCodesResult = z.object({ recovery_codes: z.array(z.string()) });

export const stepUpResult = z.object({ until: z.string() });

/** What the login answers when the password is right but a second step remains. */
export const secondFactorStep = z.object({
  second_factor: z.object({
    state: z.enum(['verify', 'enrol']),
    methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
  }),
});
export type SecondFactorStep = z.infer<typeof secondFactorStep>;

/** The main user's rule for the agent's users. */
export const agentPolicyRequest = z.object({ require: z.boolean() });
export const agentPolicy = z.object({ require: z.boolean(), provider_requires: z.boolean() });

export const resetUserFactorsRequest = z.object({ user_id: z.number().int().positive() });

/** The provider's rules (console). */
export const securityPolicy = z.object({ agents_require: z.boolean(), staff_require: z.boolean() });

export const resetMerchantFactorsRequest = z.object({
  reason: z
    .string('security.errors.reasonRequired')
    .trim()
    .min(5, 'security.errors.reasonRequired')
    .max(500, 'security.errors.reasonTooLong'),
});
