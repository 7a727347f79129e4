/**
 * The browser side of passkeys (@simplewebauthn/browser), loaded only when a passkey is used.
 * Answers null when the user closed the prompt or the browser has no WebAuthn.
 */
export async function getPasskeyAssertion(
  options: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const { startAuthentication, browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) return null;
  try {
    const response = await startAuthentication({ optionsJSON: options as never });
    return response as unknown as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function createPasskey(
  options: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const { startRegistration, browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) return null;
  try {
    const response = await startRegistration({ optionsJSON: options as never });
    return response as unknown as Record<string, unknown>;
  } catch {
    return null;
  }
}
