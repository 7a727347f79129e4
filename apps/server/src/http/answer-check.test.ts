import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerMismatch } from './answer-check';

describe('answerMismatch: a test-mode answer against its contract', () => {
  const schema = z.object({ id: z.number(), rows: z.array(z.object({ name: z.string() })) });

  it('accepts an answer the schema describes', () => {
    expect(answerMismatch(schema, { id: 1, rows: [{ name: 'a' }] })).toBeNull();
  });

  it('names a field of the wrong type', () => {
    expect(answerMismatch(schema, { id: '1', rows: [] })).toContain('expected number');
  });

  it('names fields the schema does not declare, nested ones too', () => {
    expect(answerMismatch(schema, { id: 1, rows: [{ name: 'a', secret: 'x' }], extra: 1 })).toBe(
      'fields the contract does not declare: rows[0].secret, extra',
    );
  });

  it('reads the answer as the client gets it: a Date is a string after JSON', () => {
    const at = new Date('2026-11-27T00:00:00Z');
    expect(answerMismatch(z.object({ at: z.string() }), { at })).toBeNull();
    expect(answerMismatch(z.object({ at: z.date() }), { at })).not.toBeNull();
  });

  it('treats a missing answer as null', () => {
    expect(answerMismatch(z.null(), undefined)).toBeNull();
  });
});
