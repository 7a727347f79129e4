/**
 * `npm run lint:openapi`: writes /snap/openapi.json as a default deployment serves it to a
 * temporary file and lints it with Redocly CLI's `recommended` rules; any error fails (CI runs
 * it in `npm run lint`). The document is built from the modules, so no server is started.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openApiDocument } from '../apps/server/src/modules/snap/openapi';

const dir = mkdtempSync(path.join(tmpdir(), 'gerbang-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  // Indented, so a finding's line number points at something readable.
  const text = openApiDocument(loadConfig({}).supportUrl);
  writeFileSync(file, JSON.stringify(JSON.parse(text), null, 2));
  const redocly = path.resolve(import.meta.dirname, '../node_modules/.bin/redocly');
  const result = spawnSync(redocly, ['lint', '--extends=recommended', '--format=stylish', file], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
