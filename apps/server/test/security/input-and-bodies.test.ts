import { Readable } from 'node:stream';
import { defineCall } from '@gerbang/shared/contract/call';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/http/app';
import { API_BODY_LIMIT } from '../../src/http/request-guard';
import { defineRoute, ok } from '../../src/http/route';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Bad input, one example of each kind (the schema-driven fuzz covers every route):
 * input PostgreSQL would choke on is refused with the field's message; Fastify's own refusals
 * answer in the envelope; bodies are small and read only after the session and CSRF checks.
 */
describe.each(testDatabases())('input rules and request bodies on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function anonymousCsrf() {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const csrf = res.json().data.csrf as string;
    return { cookie: `gerbang_csrf=${csrf}`, 'x-csrf-token': csrf };
  }

  async function raw(
    method: 'GET' | 'POST',
    url: string,
    opts: { headers?: Record<string, string>; payload?: string | Readable; lang?: string } = {},
  ) {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-language': opts.lang ?? 'en', ...opts.headers },
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { rc: string; rd: string; data: unknown },
    };
  }

  describe('finding 4: NUL, integer and date edges are refused before the database', () => {
    it('NUL in a field answers 400 with that field’s message, in the user’s language', async () => {
      const en = t.client({ lang: 'en' });
      const login = await en.post('/auth/login', { username: 'a\u0000b', password: 'x' });
      expect(login.status).toBe(400);
      expect(login.rd).toBe('Enter your username');
      const id = t.client({ lang: 'id' });
      expect((await id.post('/auth/login', { username: 'a\u0000b', password: 'x' })).rd).toBe(
        'Masukkan email Anda',
      );
      const reset = await en.post('/auth/reset_password', { email: 'x\u0000@demo.id' });
      expect(reset.status).toBe(400);
      expect(reset.rc).toBe('400');
      const mailbox = await en.get('/dev/mailbox', { to: 'a\u0000b' });
      expect(mailbox.status).toBe(400);
      expect(mailbox.rd).toBe('The data sent contains characters that are not allowed.');
    });

    it('NUL inside a key, or deep in a list, is refused as well', async () => {
      const c = t.client({ lang: 'en' });
      const res = await c.post('/auth/login', { username: 'u', password: 'p', 'x\u0000': 1 });
      expect(res.status).toBe(400);
      const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
      const deep = await partner.post('/data/modul_access_user', {
        id_user: 1,
        insert: [{ idModul: 1, access: 'READ\u0000' }],
      });
      expect(deep.status).toBe(400);
    });

    it('data-page filters: 2^31 on an integer column, year 0000/0001 and NUL answer 400', async () => {
      const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
      const filter = (column: string, operator: string, value: string) =>
        JSON.stringify([{ column, operator, value }]);
      // The settlement pages' rule decides who may read them: the first demo user it allows.
      let checked = 0;
      for (const path of ['settlement_merchant_sent', 'settlement_merchant_process']) {
        for (const username of ['partner@demo.id', 'aggregator@demo.id', 'h2h@demo.id']) {
          const c = await t.loginAs(username, { lang: 'en' });
          const res = await c.get(`/data/${path}`, {
            filters: filter('rekonnum', 'equal', '2147483648'),
          });
          if (res.rc === '403') continue;
          expect(res.status, path).toBe(400);
          expect(res.rd).toMatch(/rekonnum/);
          checked += 1;
          break;
        }
      }
      expect(checked).toBe(2);
      const year0 = await partner.get('/data/transaction', {
        filters: filter('time_request', 'between', '0000-01-01,2026-01-01'),
      });
      expect(year0.status).toBe(400);
      const year1 = await partner.get('/data/transaction', {
        filters: filter('time_request', 'between', '0001-01-01,0001-12-31'),
      });
      expect(year1.status).toBe(400);
      const nul = await partner.get('/data/transaction', {
        filters: filter('id_transaksi', 'like', 'a\u0000b'),
      });
      expect(nul.status).toBe(400);
      // Values inside the bounds still work.
      const fine = await partner.get('/data/transaction', {
        filters: filter('time_request', 'between', '2000-01-01,2000-01-31'),
      });
      expect(fine.rc).toBe('00');
    });

    it('a dashboard date outside 2000-01-01..2100-12-31 answers the date message', async () => {
      const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
      const res = await partner.get('/resume/trx_status_date', { date: '0000-01-01' });
      expect(res.status).toBe(400);
      const ok = await partner.get('/resume/trx_status_date', { date: '2026-01-01' });
      expect(ok.status).toBeLessThan(500);
    });
  });

  describe('finding 5: Fastify refusals answer in the envelope', () => {
    it('broken JSON, a body over the limit and an unknown media type', async () => {
      const headers = { ...(await anonymousCsrf()), 'content-type': 'application/json' };
      const broken = await raw('POST', '/auth/login', { headers, payload: '{"username":' });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({
        rc: '400',
        rd: 'The request could not be read. Reload the page and try again.',
        data: null,
      });
      const brokenId = await raw('POST', '/auth/login', {
        headers,
        payload: '{"username":',
        lang: 'id',
      });
      expect(brokenId.body.rd).toBe(
        'Permintaan tidak dapat dibaca. Muat ulang halaman lalu coba lagi.',
      );
      const large = await raw('POST', '/auth/login', {
        headers,
        payload: JSON.stringify({ username: 'x'.repeat(API_BODY_LIMIT + 1) }),
      });
      expect(large.status).toBe(413);
      expect(large.body).toEqual({ rc: '400', rd: 'The data sent is too large.', data: null });
      const text = await raw('POST', '/auth/login', {
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(text.status).toBe(415);
      expect(text.body).toEqual({
        rc: '400',
        rd: 'The data sent is not in a supported format.',
        data: null,
      });
      const badUrl = await raw('GET', '/transaction/bank_logo/%E0%A4%A');
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.rc).toBe('400');
    });
  });

  describe('nesting: a body nested thousands deep is refused, not a stack overflow', () => {
    it('arrays and objects 5,000 deep answer 400 in the envelope, before and after login', async () => {
      const headers = { ...(await anonymousCsrf()), 'content-type': 'application/json' };
      const arrays = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const objects = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const withKey = `{"username":"u","password":"p","x":${arrays}}`;
      for (const payload of [arrays, objects, withKey]) {
        const res = await raw('POST', '/auth/login', { headers, payload });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          rc: '400',
          rd: 'The data sent is nested too deeply.',
          data: null,
        });
      }
      const id = await raw('POST', '/auth/login', { headers, payload: objects, lang: 'id' });
      expect(id.body.rd).toBe('Data yang dikirim bertingkat terlalu dalam.');
      const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
      const cookie = [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const csrf = partner.cookies.get('gerbang_csrf') ?? '';
      const loggedIn = await raw('POST', '/data/modul_access_user', {
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: `{"id_user":1,"insert":${arrays}}`,
      });
      expect(loggedIn.status).toBe(400);
      expect(loggedIn.body.rd).toBe('The data sent is nested too deeply.');
      // Ordinary nesting (a list of objects) still works as before.
      const fine = await raw('POST', '/auth/login', {
        headers,
        payload: JSON.stringify({ username: 'u', password: 'p' }),
      });
      expect(fine.status).not.toBe(500);
    });
  });

  describe('finding 6: bodies are small and read only after the session check', () => {
    /** A 12 MB JSON body as a stream that counts what the server pulled from it. */
    function countingBody(size = 12 * 1024 * 1024) {
      const counter = { read: 0 };
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const stream = new Readable({
        read() {
          if (sent === 0) {
            sent += 1;
            counter.read += 9;
            this.push('{"pad":"');
            return;
          }
          if (counter.read >= size) {
            this.push('"}');
            this.push(null);
            return;
          }
          counter.read += chunk.length;
          this.push(chunk);
        },
      });
      return { stream, counter, size };
    }

    it('an anonymous 12 MB body to a session route is refused without being read', async () => {
      const { stream, counter, size } = countingBody();
      const res = await raw('POST', '/data/account_store', {
        headers: {
          ...(await anonymousCsrf()),
          'content-type': 'application/json',
          'content-length': String(size + 11),
        },
        payload: stream,
      });
      expect(res.status).toBe(401);
      expect(res.body.rc).toBe('401');
      expect(counter.read).toBeLessThan(1024 * 1024);
    });

    it('a logged-in caller is held to the small default limit too', async () => {
      const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
      const res = await partner.post('/data/account_store', { name: 'x'.repeat(64 * 1024) });
      expect(res.status).toBe(413);
      expect(res.rd).toBe('The data sent is too large.');
    });

    it('a route may declare a larger limit (uploads); anonymous callers still never get it read', async () => {
      const uploadCall = defineCall({
        method: 'POST',
        path: '/test/upload',
        access: {},
        response: z.object({ bytes: z.number() }),
      });
      const upload = defineRoute(
        uploadCall,
        async ({ req }) => ok({ bytes: JSON.stringify(req.body).length }),
        { bodyLimit: 1024 * 1024 },
      );
      const app: FastifyInstance = await buildApp(t.services, [upload]);
      await app.ready();
      try {
        const partner = await t.loginAs('partner@demo.id');
        const cookie = [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const csrf = partner.cookies.get('gerbang_csrf') ?? '';
        const payload = JSON.stringify({ file: 'x'.repeat(200 * 1024) });
        const accepted = await app.inject({
          method: 'POST',
          url: '/api/test/upload',
          payload,
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        });
        expect(accepted.json().rc).toBe('00');
        const anonymous = await app.inject({
          method: 'POST',
          url: '/api/test/upload',
          payload,
          headers: { ...(await anonymousCsrf()), 'content-type': 'application/json' },
        });
        expect(anonymous.json().rc).toBe('401');
      } finally {
        await app.close();
      }
    });
  });
});
