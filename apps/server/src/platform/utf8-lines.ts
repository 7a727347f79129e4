import { isUtf8 } from 'node:buffer';
import { Transform } from 'node:stream';

/** An uploaded text file whose line `line` (1 = the first) is not valid UTF-8. */
export class InvalidUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`invalid UTF-8 on line ${line}`);
    this.name = 'InvalidUtf8Error';
  }
}

/**
 * Passes an upload through unchanged while checking that every line is valid UTF-8, and fails
 * with the line's number on the first that is not. A CSV reader would otherwise decode broken
 * bytes as U+FFFD and store names and notes the user never wrote. A newline byte is never part of
 * a multi-byte UTF-8 sequence, so each line can be checked on its own; a line is held only until
 * its end arrives (the upload's size limit bounds it).
 */
export function utf8LineGuard(): Transform {
  let line = 1;
  let rest = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10, start)) {
        if (!isUtf8(data.subarray(start, end))) return done(new InvalidUtf8Error(line));
        line += 1;
        start = end + 1;
      }
      rest = Buffer.from(data.subarray(start));
      done(null, chunk);
    },
    flush(done) {
      if (rest.length > 0 && !isUtf8(rest)) return done(new InvalidUtf8Error(line));
      done();
    },
  });
}
