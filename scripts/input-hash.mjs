/**
 * One hash of a build's inputs, so a build runs again only when one of them changed (the web app's
 * build check and the server's bundle): every file under each input — a file or a folder, relative
 * to the repository root — by path and content, in a fixed order. node_modules, dist and dot
 * entries are not inputs; `skip` leaves out more names (the server's tests), `salt` goes in first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function* files(rel, skip) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      if (skip?.test(name)) continue;
      yield* files(path.join(rel, name), skip);
    }
  } else {
    yield rel;
  }
}

export function hashInputs(inputs, { skip, salt } = {}) {
  const hash = createHash('sha256');
  if (salt !== undefined) hash.update(salt).update('\0');
  for (const input of inputs) {
    for (const rel of files(input, skip)) {
      hash.update(rel.split(path.sep).join('/')).update('\0');
      hash.update(readFileSync(path.join(root, rel))).update('\0');
    }
  }
  return hash.digest('hex');
}
