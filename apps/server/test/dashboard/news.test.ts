import { NEWS_CATEGORY } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentId } from './fixtures';

/** News (spec 01 §2, §7; 03 §2.11, §7.8): category by agent group, article, related, sanitised HTML. */
describe.each(testDatabases())('news on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (category: number) =>
    Number(
      (
        await t.services.db
          .selectFrom('news_articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('category_id', '=', category)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds realistic articles in both categories, once', async () => {
    expect(await count(NEWS_CATEGORY.DEFAULT)).toBeGreaterThanOrEqual(7);
    expect(await count(NEWS_CATEGORY.GROUP_1)).toBeGreaterThanOrEqual(3);
    const { seedNews } = await import('../../src/seed/seed-news');
    const before = await count(NEWS_CATEGORY.DEFAULT);
    await seedNews(t.services.db, new Date());
    expect(await count(NEWS_CATEGORY.DEFAULT)).toBe(before);
  });

  it('answers the newest articles of category 1598 to a group-6 partner, page = how many', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/kategori/data', { id: NEWS_CATEGORY.DEFAULT, page: 6 });
    expect(res.rc).toBe('00');
    expect(res.data).toHaveLength(6);
    const ids = (
      await t.services.db
        .selectFrom('news_articles')
        .select(['id', 'category_id', 'updated_at'])
        .execute()
    )
      .filter((r) => r.category_id === NEWS_CATEGORY.DEFAULT)
      .sort((a, b) => +new Date(b.updated_at) - +new Date(a.updated_at))
      .map((r) => r.id);
    expect(res.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 6));
    for (const item of res.data) {
      expect(Object.keys(item).sort()).toEqual([
        'date',
        'excerpt',
        'foto',
        'id',
        'konten',
        'title',
      ]);
      expect(item.foto).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    // Without an id the server still picks the caller's category.
    expect((await c.get('/kategori/data', {})).data[0].id).toBe(ids[0]);
  });

  it('answers category 1588 to an agent of group 1, and refuses the other category', async () => {
    // A fresh database per file: this test may turn agent5 into a group-1 agent.
    const agent5 = await agentId(t, 'agent5@demo.id');
    await t.services.db
      .updateTable('agents')
      .set({ id_grup: 1 })
      .where('id', '=', agent5)
      .execute();
    const c = await t.loginAs('agent5@demo.id');
    const res = await c.get('/kategori/data', { id: NEWS_CATEGORY.GROUP_1, page: 6 });
    expect(res.rc).toBe('00');
    expect(res.data).toHaveLength(await count(NEWS_CATEGORY.GROUP_1));
    const group1Ids = new Set(
      (
        await t.services.db
          .selectFrom('news_articles')
          .select('id')
          .where('category_id', '=', NEWS_CATEGORY.GROUP_1)
          .execute()
      ).map((r) => r.id),
    );
    expect(res.data.every((n: { id: number }) => group1Ids.has(n.id))).toBe(true);
    expect((await c.get('/kategori/data', { id: NEWS_CATEGORY.DEFAULT, page: 6 })).rc).toBe('403');
    const partner = await t.loginAs('partner@demo.id');
    expect((await partner.get('/kategori/data', { id: NEWS_CATEGORY.GROUP_1, page: 6 })).rc).toBe(
      '403',
    );
    // An article of the other category is not found for the partner.
    const [other] = [...group1Ids];
    expect((await partner.get('/kategori/konten', { id: other })).rc).toBe('404');
  });

  it('answers one article and 4 related articles of the same category, without the article itself', async () => {
    const c = await t.loginAs('partner@demo.id');
    const [first] = (await c.get('/kategori/data', { page: 1 })).data;
    const article = await c.get('/kategori/konten', { id: first.id });
    expect(article.rc).toBe('00');
    expect(article.data).toMatchObject({ id: first.id, title: first.title, date: first.date });
    expect(article.data.konten).toContain('<p>');
    const related = await c.get('/kategori/related', { id: first.id });
    expect(related.rc).toBe('00');
    expect(related.data).toHaveLength(4);
    expect(related.data.some((n: { id: number }) => n.id === first.id)).toBe(false);
    expect((await c.get('/kategori/konten', { id: 999_999 })).rc).toBe('404');
    expect((await c.get('/kategori/konten', { id: 'abc' })).rc).toBe('400');
  });

  it('sanitises the HTML body: scripts, handlers and javascript: links are gone', async () => {
    const row = await t.services.db
      .insertInto('news_articles')
      .values({
        slug: 'xss-test',
        category_id: NEWS_CATEGORY.DEFAULT,
        title: 'Uji sanitasi',
        foto: 'javascript:alert(1)',
        konten:
          '<p onclick="steal()">Halo <strong>mitra</strong></p><script>alert("x")</script>' +
          '<a href="javascript:alert(1)">klik</a><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
          '<a href="https://bi.go.id">BI</a>',
        published_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/kategori/konten', { id: row.id });
    expect(res.rc).toBe('00');
    const html: string = res.data.konten;
    expect(html).not.toMatch(/<script|alert\("x"\)|onclick|onerror|javascript:|<iframe/i);
    expect(html).toContain('<p>Halo <strong>mitra</strong></p>');
    expect(html).toContain(
      '<a href="https://bi.go.id" target="_blank" rel="noopener noreferrer">BI</a>',
    );
    expect(res.data.foto).toBe('');
    // The list answers the same sanitised body.
    const list = await c.get('/kategori/data', { page: 6 });
    const listed = list.data.find((n: { id: number }) => n.id === row.id);
    expect(listed.konten).toBe(html);
    expect(listed.excerpt).toBe('Halo mitra klikBI');
  });

  it('needs a session', async () => {
    expect((await t.client().get('/kategori/data', { page: 6 })).rc).toBe('401');
  });
});
