import { bundleServerIfChanged } from '../../../scripts/server-bundle.mjs';

/**
 * The tests that start real server processes (security/bank-server.ts) run the bundle `npm start`
 * runs. It is brought up to date here, once, before the test files run in parallel workers: two
 * workers bundling into the same file at once could start a process on a half-written bundle.
 */
export default async function setup() {
  await bundleServerIfChanged();
}
