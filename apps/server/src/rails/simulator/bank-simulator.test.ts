import { describe, expect, it } from 'vitest';
import { UnknownRailReferenceError } from '../ports';
import { fromWib } from '../wib-clock';
import { createBankSimulator } from './bank-simulator';
import { resolveSimulatorConfig, type SimulatorConfigInput } from './config';
import { createInMemorySimulatorStateStore } from './state-store';

/** A Thursday afternoon in Jakarta, far from the nightly window. */
const afternoon = fromWib(2025, 5, 1, 14, 0);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

function bankSimulator(config: SimulatorConfigInput = {}) {
  return createBankSimulator(resolveSimulatorConfig(config), createInMemorySimulatorStateStore());
}

function sendTo(accountNumber: string, now = afternoon, bankCode = '014') {
  return { reference: `WD-${accountNumber}`, bankCode, accountNumber, amount: 150_000, now };
}

function sampleInquiry() {
  return { bankCode: '014', accountNumber: '1234567890', accountType: 'NORMAL' as const };
}

async function acceptedReference(
  rail: ReturnType<typeof bankSimulator>,
  request: ReturnType<typeof sendTo>,
) {
  const sent = await rail.send(request);
  if (!sent.accepted) throw new Error(`expected acceptance, got ${sent.code}`);
  return sent;
}

describe('bank simulator inquiry', () => {
  const rail = bankSimulator();
  const inquire = (accountNumber: string, bankCode = '014', accountType = 'NORMAL' as const) =>
    rail.inquiry({ bankCode, accountNumber, accountType, now: afternoon });

  it('names an ordinary account with a stable Indonesian name in capitals', async () => {
    const first = await inquire('1234567890');
    const again = await inquire('1234-5678-90');
    expect(first).toEqual({ ok: true, accountName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(again).toEqual(first);
    // Another rail instance (another process) gives the same name.
    expect(await bankSimulator().inquiry({ ...sampleInquiry(), now: afternoon })).toEqual(
      await inquire('1234567890'),
    );
  });

  it('gives different accounts different names often enough to tell them apart', async () => {
    const names = new Set<string>();
    for (let index = 0; index < 50; index += 1) {
      const result = await inquire(`12345${String(index).padStart(5, '0')}1`);
      if (result.ok) names.add(result.accountName);
    }
    expect(names.size).toBeGreaterThan(35);
  });

  it('magic suffix 0000 answers ACCOUNT_NOT_FOUND', async () => {
    expect(await inquire('1234560000')).toEqual({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('magic suffix 7777 answers BANK_UNAVAILABLE', async () => {
    expect(await inquire('1234567777')).toEqual({ ok: false, code: 'BANK_UNAVAILABLE' });
  });

  it('accepts 9999 and 8888 at inquiry (they fail or lag only after sending)', async () => {
    expect((await inquire('1234569999')).ok).toBe(true);
    expect((await inquire('1234568888')).ok).toBe(true);
  });

  it('refuses unknown banks, malformed numbers and VA at banks without VAs', async () => {
    expect(await inquire('1234567890', '999')).toEqual({ ok: false, code: 'UNKNOWN_DESTINATION' });
    expect(await inquire('12AB567890')).toEqual({ ok: false, code: 'INVALID_ACCOUNT_NUMBER' });
    expect(await inquire('12345')).toEqual({ ok: false, code: 'INVALID_ACCOUNT_NUMBER' });
    expect(
      await rail.inquiry({
        bankCode: '147',
        accountNumber: '1234567890',
        accountType: 'VA',
        now: afternoon,
      }),
    ).toEqual({ ok: false, code: 'UNSUPPORTED_ACCOUNT_TYPE' });
    expect(
      (
        await rail.inquiry({
          bankCode: '011',
          accountNumber: '8881234567',
          accountType: 'VA',
          now: afternoon,
        })
      ).ok,
    ).toBe(true);
  });
});

describe('bank simulator send and status', () => {
  it('settles an ordinary transfer on the first status check by default', async () => {
    const rail = bankSimulator();
    const sent = await acceptedReference(rail, sendTo('1234567890'));
    expect(sent.railReference).toMatch(/^SIM-BN-/);
    expect(sent.expectedCompletionAt).toEqual(afternoon);
    expect(await rail.status({ railReference: sent.railReference, now: afternoon })).toEqual({
      status: 'SUCCESS',
      completedAt: afternoon,
    });
  });

  it('keeps an ordinary transfer PROCESSING for settleMs', async () => {
    const rail = bankSimulator({ settleMs: 5_000 });
    const { railReference } = await acceptedReference(rail, sendTo('1234567890'));
    expect(await rail.status({ railReference, now: later(afternoon, 4_999) })).toEqual({
      status: 'PROCESSING',
      reason: 'IN_PROGRESS',
      expectedCompletionAt: later(afternoon, 5_000),
    });
    expect((await rail.status({ railReference, now: later(afternoon, 5_000) })).status).toBe(
      'SUCCESS',
    );
  });

  it('magic suffix 0000 and 7777 are refused at send, so nothing left our side', async () => {
    const rail = bankSimulator();
    expect(await rail.send(sendTo('1234560000'))).toEqual({
      accepted: false,
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect(await rail.send(sendTo('1234567777'))).toEqual({
      accepted: false,
      code: 'BANK_UNAVAILABLE',
    });
  });

  it('magic suffix 9999 is accepted, then FAILED', async () => {
    const rail = bankSimulator();
    const { railReference } = await acceptedReference(rail, sendTo('1234569999'));
    expect(await rail.status({ railReference, now: afternoon })).toEqual({
      status: 'FAILED',
      reason: 'REJECTED_BY_BANK',
      failedAt: afternoon,
    });
  });

  it('magic suffix 8888 is a slow bank: PROCESSING for slowBankMs (60 s by default), then SUCCESS', async () => {
    const rail = bankSimulator();
    const { railReference, expectedCompletionAt } = await acceptedReference(
      rail,
      sendTo('1234568888'),
    );
    expect(expectedCompletionAt).toEqual(later(afternoon, 60_000));
    expect(await rail.status({ railReference, now: later(afternoon, 59_999) })).toEqual({
      status: 'PROCESSING',
      reason: 'SLOW_BANK',
      expectedCompletionAt,
    });
    expect(await rail.status({ railReference, now: later(afternoon, 60_000) })).toEqual({
      status: 'SUCCESS',
      completedAt: expectedCompletionAt,
    });
  });

  it('honours a configured slowBankMs', async () => {
    const rail = bankSimulator({ slowBankMs: 1_000 });
    const { expectedCompletionAt } = await acceptedReference(rail, sendTo('1234568888'));
    expect(expectedCompletionAt).toEqual(later(afternoon, 1_000));
  });

  it('refuses amounts that are not positive integer rupiah', async () => {
    const rail = bankSimulator();
    for (const amount of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(await rail.send({ ...sendTo('1234567890'), amount })).toEqual({
        accepted: false,
        code: 'INVALID_AMOUNT',
      });
    }
  });

  it('gives different transfers different references, and the same request the same one', async () => {
    const rail = bankSimulator();
    const first = await acceptedReference(rail, sendTo('1234567890'));
    const same = await acceptedReference(rail, sendTo('1234567890'));
    const other = await acceptedReference(rail, { ...sendTo('1234567890'), reference: 'WD-other' });
    expect(same.railReference).toBe(first.railReference);
    expect(other.railReference).not.toBe(first.railReference);
  });

  it('answers status from the reference alone, in a fresh simulator (a restarted process)', async () => {
    const { railReference } = await acceptedReference(bankSimulator(), sendTo('1234569999'));
    expect((await bankSimulator().status({ railReference, now: afternoon })).status).toBe('FAILED');
  });

  it('throws for references it never issued, including other rails', async () => {
    const rail = bankSimulator();
    for (const railReference of ['nope', 'SIM-EN-0-0-0-0123abcd', 'SIM-BN-2-1-1-0123abcd']) {
      await expect(rail.status({ railReference, now: afternoon })).rejects.toBeInstanceOf(
        UnknownRailReferenceError,
      );
    }
  });
});

describe('bank simulator nightly downtime (23:00–06:00 WIB)', () => {
  const rail = bankSimulator();

  it('sent at 22:59 WIB: processed at once', async () => {
    const sentAt = fromWib(2025, 5, 1, 22, 59);
    const sent = await acceptedReference(rail, sendTo('1234567890', sentAt));
    expect(sent.expectedCompletionAt).toEqual(sentAt);
    expect((await rail.status({ railReference: sent.railReference, now: sentAt })).status).toBe(
      'SUCCESS',
    );
  });

  it('sent at 23:00 WIB: accepted, queued until 06:00, then processed', async () => {
    const sentAt = fromWib(2025, 5, 1, 23, 0);
    const morning = fromWib(2025, 5, 2, 6, 0);
    const sent = await acceptedReference(rail, sendTo('1234567890', sentAt));
    expect(sent.expectedCompletionAt).toEqual(morning);
    expect(
      await rail.status({ railReference: sent.railReference, now: fromWib(2025, 5, 2, 5, 59) }),
    ).toEqual({
      status: 'PROCESSING',
      reason: 'QUEUED_BANK_DOWNTIME',
      expectedCompletionAt: morning,
    });
    expect(await rail.status({ railReference: sent.railReference, now: morning })).toEqual({
      status: 'SUCCESS',
      completedAt: morning,
    });
  });

  it('sent at 05:59 WIB: queued one minute, until 06:00', async () => {
    const sent = await acceptedReference(rail, sendTo('1234567890', fromWib(2025, 5, 2, 5, 59)));
    expect(sent.expectedCompletionAt).toEqual(fromWib(2025, 5, 2, 6, 0));
  });

  it('sent at 06:00 WIB: processed at once', async () => {
    const sentAt = fromWib(2025, 5, 2, 6, 0);
    const sent = await acceptedReference(rail, sendTo('1234567890', sentAt));
    expect(sent.expectedCompletionAt).toEqual(sentAt);
  });

  it('a slow bank or failing account starts its clock when the window ends', async () => {
    const sentAt = fromWib(2025, 5, 1, 23, 30);
    const morning = fromWib(2025, 5, 2, 6, 0);
    const slow = await acceptedReference(rail, sendTo('1234568888', sentAt));
    expect(slow.expectedCompletionAt).toEqual(later(morning, 60_000));
    expect(
      await rail.status({ railReference: slow.railReference, now: later(morning, 1) }),
    ).toMatchObject({
      status: 'PROCESSING',
      reason: 'SLOW_BANK',
    });
    const failing = await acceptedReference(rail, sendTo('1234569999', sentAt));
    expect(
      await rail.status({ railReference: failing.railReference, now: fromWib(2025, 5, 2, 1, 0) }),
    ).toMatchObject({
      status: 'PROCESSING',
      reason: 'QUEUED_BANK_DOWNTIME',
    });
    expect(await rail.status({ railReference: failing.railReference, now: morning })).toMatchObject(
      {
        status: 'FAILED',
        reason: 'REJECTED_BY_BANK',
      },
    );
  });

  it('inquiry still answers during the window', async () => {
    const result = await rail.inquiry({ ...sampleInquiry(), now: fromWib(2025, 5, 1, 23, 30) });
    expect(result.ok).toBe(true);
  });

  it('can be moved or turned off by configuration', async () => {
    const sentAt = fromWib(2025, 5, 1, 23, 30);
    const off = bankSimulator({ bankDowntime: null });
    expect(
      (await acceptedReference(off, sendTo('1234567890', sentAt))).expectedCompletionAt,
    ).toEqual(sentAt);
    const moved = bankSimulator({ bankDowntime: { startsAtWib: '22:00', endsAtWib: '05:00' } });
    expect(
      (await acceptedReference(moved, sendTo('1234567890', sentAt))).expectedCompletionAt,
    ).toEqual(fromWib(2025, 5, 2, 5, 0));
  });
});
