import { describe, expect, it } from 'vitest';
import { SNAP_SERVICES } from '../../../apps/server/src/modules/snap/services';
import { generatedTypes, writtenTypes } from '../scripts/openapi-types';
import { SNAP_CALLS } from '../src/index.js';

/**
 * The SDK follows the server: its types are what openapi-typescript makes of the server's OpenAPI
 * document today, and every signed service the server has is a method with the same service code.
 */
describe('the SDK and the server agree', () => {
  it('src/generated/openapi.ts is up to date (else: npm run generate -w @gerbang/snap-client)', async () => {
    const fresh = await generatedTypes();
    expect(writtenTypes() === fresh, 'run `npm run generate -w @gerbang/snap-client`').toBe(true);
  }, 60_000);

  it('has a method for every SNAP service, with its path and service code', () => {
    const calls = Object.values(SNAP_CALLS).map((c) => `${c.path} ${c.service}`);
    for (const spec of SNAP_SERVICES) {
      expect(calls, `add ${spec.path} to SNAP_CALLS (calls.ts)`).toContain(
        `${spec.path} ${spec.service}`,
      );
    }
  });
});
