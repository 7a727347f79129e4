import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { StatementWriter, WrittenLine } from './types';

/**
 * A text statement written piece by piece: a head, the lines, a tail. Waits for the disk when the
 * stream's buffer is full, so memory stays bounded however long the period is.
 */
export function textFileWriter(
  path: string,
  head: string,
  line: (l: WrittenLine) => string,
  tail: () => string,
): StatementWriter {
  const out = createWriteStream(path, { encoding: 'utf8' });
  const put = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  let pending = put(head);
  return {
    async write(lines) {
      await pending;
      pending = put(lines.map(line).join(''));
      await pending;
    },
    async finish() {
      await pending;
      await put(tail());
      out.end();
      await once(out, 'finish');
    },
    async abort() {
      out.destroy();
    },
  };
}
