import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A minimal SMTP receiver (RFC 5321's happy path: greeting, EHLO, MAIL, RCPT, DATA, QUIT) that
 * keeps each message's raw DATA, so the test reads what a real mail server would have received.
 */
function smtpReceiver(messages: string[]): Server {
  return createServer((socket) => {
    let inData = false;
    let data = '';
    let pending = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let end = pending.indexOf('\r\n');
      while (end >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^EHLO/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = pending.indexOf('\r\n');
      }
    });
  });
}

describe('mail through SMTP', () => {
  let t: TestApp;
  let server: Server;
  let dir: string;
  const received: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
    server = smtpReceiver(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dir = mkdtempSync(path.join(tmpdir(), 'gerbang-smtp-'));
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends queued mails, the attachment included, and marks them sent once', async () => {
    const port = (server.address() as { port: number }).port;
    const mailer = createMailer(t.services.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'noreply@gerbang.test',
      log: pino({ level: 'silent' }),
      now: () => t.clock.now,
    });
    const file = path.join(dir, 'statement.csv');
    writeFileSync(file, 'opening,closing\r\n1000,1500\r\n');
    await mailer.queue(t.services.db, [
      {
        to: 'finance@demo.id',
        subject: 'Statement',
        text: 'Your statement is attached.',
        kind: 'statement',
        attachment: { name: 'statement.csv', path: file },
      },
      { to: 'ops@demo.id', subject: 'Plain', text: 'No file.', kind: 'test' },
    ]);
    expect(await mailer.deliverQueued()).toBe(2);
    expect(await mailer.deliverQueued()).toBe(0);
    expect(received).toHaveLength(2);
    const withFile = received.find((m) => m.includes('Subject: Statement')) ?? '';
    expect(withFile).toContain('To: finance@demo.id');
    expect(withFile).toContain('filename=statement.csv');
    expect(withFile).toContain(Buffer.from('opening,closing\r\n1000,1500\r\n').toString('base64'));
    const rows = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'sent_at', 'attempts'])
      .where('kind', 'in', ['statement', 'test'])
      .execute();
    expect(rows.map((r) => [r.to_address, r.sent_at !== null, r.attempts]).sort()).toEqual([
      ['finance@demo.id', true, 1],
      ['ops@demo.id', true, 1],
    ]);
  });
});
