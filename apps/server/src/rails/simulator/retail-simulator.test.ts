import { describe, expect, it } from 'vitest';
import { UnknownRailReferenceError } from '../ports';
import { fromWib } from '../wib-clock';
import { resolveSimulatorConfig, type SimulatorConfigInput } from './config';
import { createRetailSimulator, pickupCodeFor } from './retail-simulator';
import { createInMemorySimulatorStateStore } from './state-store';

const afternoon = fromWib(2025, 5, 1, 14, 0);
const DAY_MS = 86_400_000;

function retailSimulator(config: SimulatorConfigInput = {}) {
  return createRetailSimulator(resolveSimulatorConfig(config), createInMemorySimulatorStateStore());
}

const pickup = (customerNumber: string, reference = 'WD-RT-1', now = afternoon) => ({
  reference,
  retailerCode: 'INDOMARET',
  customerNumber,
  amount: 500_000,
  now,
});

async function accepted(
  rail: ReturnType<typeof retailSimulator>,
  request: ReturnType<typeof pickup>,
) {
  const created = await rail.createPickup(request);
  if (!created.accepted) throw new Error(`expected acceptance, got ${created.code}`);
  return created;
}

describe('retail cash simulator', () => {
  it('issues a 12-digit pickup code fixed by the reference, with a note in both languages', async () => {
    const rail = retailSimulator();
    const created = await accepted(rail, pickup('081234567890'));
    expect(created.pickupCode).toMatch(/^\d{12}$/);
    expect(created.pickupCode).toBe(pickupCodeFor('WD-RT-1'));
    expect(pickupCodeFor('WD-1')).toBe('826648029711');
    expect((await accepted(retailSimulator(), pickup('089999999990'))).pickupCode).toBe(
      created.pickupCode,
    );
    expect(pickupCodeFor('WD-RT-2')).not.toBe(created.pickupCode);

    expect(created.expiresAt).toEqual(new Date(afternoon.getTime() + DAY_MS));
    expect(created.howToCollect.id).toBe(
      `Tunjukkan KODE PENGAMBILAN ${created.pickupCode} kepada kasir Indomaret mana pun beserta KTP ` +
        'Anda, lalu terima uang tunai. Kode berlaku sampai 02-05-2025 14:00 WIB.',
    );
    expect(created.howToCollect.en).toContain(created.pickupCode);
    expect(created.howToCollect.en).toContain('valid until 02-05-2025 14:00 WIB');
  });

  it('counts an ordinary pickup as collected after settleMs', async () => {
    const rail = retailSimulator({ settleMs: 10_000 });
    const { railReference } = await accepted(rail, pickup('081234567890'));
    expect(await rail.status({ railReference, now: afternoon })).toMatchObject({
      status: 'PROCESSING',
      reason: 'AWAITING_PICKUP',
    });
    expect(
      await rail.status({ railReference, now: new Date(afternoon.getTime() + 10_000) }),
    ).toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('magic suffix 9999: nobody collects, FAILED when the code expires', async () => {
    const rail = retailSimulator({ pickupValidMs: 3_600_000 });
    const created = await accepted(rail, pickup('081234569999'));
    const expiry = created.expiresAt;
    expect(
      await rail.status({
        railReference: created.railReference,
        now: new Date(expiry.getTime() - 1),
      }),
    ).toMatchObject({
      status: 'PROCESSING',
      reason: 'AWAITING_PICKUP',
    });
    expect(await rail.status({ railReference: created.railReference, now: expiry })).toEqual({
      status: 'FAILED',
      reason: 'PICKUP_EXPIRED',
      failedAt: expiry,
    });
  });

  it('magic suffix 8888: collected after slowBankMs, never after expiry', async () => {
    const slow = await accepted(retailSimulator({ slowBankMs: 120_000 }), pickup('081234568888'));
    const rail = retailSimulator({ slowBankMs: 120_000 });
    expect(
      (
        await rail.status({
          railReference: slow.railReference,
          now: new Date(afternoon.getTime() + 119_999),
        })
      ).status,
    ).toBe('PROCESSING');
    expect(
      (
        await rail.status({
          railReference: slow.railReference,
          now: new Date(afternoon.getTime() + 120_000),
        })
      ).status,
    ).toBe('SUCCESS');
    const capped = retailSimulator({ slowBankMs: 2 * DAY_MS, pickupValidMs: DAY_MS });
    const created = await accepted(capped, pickup('081234568888'));
    expect(
      (await capped.status({ railReference: created.railReference, now: created.expiresAt }))
        .status,
    ).toBe('SUCCESS');
  });

  it('magic suffixes 0000 and 7777 refuse the pickup', async () => {
    const rail = retailSimulator();
    expect(await rail.createPickup(pickup('081234560000'))).toEqual({
      accepted: false,
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect(await rail.createPickup(pickup('081234567777'))).toEqual({
      accepted: false,
      code: 'BANK_UNAVAILABLE',
    });
  });

  it('runs through the night: no bank downtime for Indomaret', async () => {
    const night = fromWib(2025, 5, 1, 23, 30);
    const rail = retailSimulator();
    const created = await accepted(rail, pickup('081234567890', 'WD-night', night));
    expect((await rail.status({ railReference: created.railReference, now: night })).status).toBe(
      'SUCCESS',
    );
  });

  it('refuses other retailers, malformed customer numbers and bad amounts', async () => {
    const rail = retailSimulator();
    expect(
      await rail.createPickup({ ...pickup('081234567890'), retailerCode: 'ALFAMART' }),
    ).toEqual({
      accepted: false,
      code: 'UNKNOWN_DESTINATION',
    });
    expect(await rail.createPickup(pickup('12ab'))).toEqual({
      accepted: false,
      code: 'INVALID_ACCOUNT_NUMBER',
    });
    expect(await rail.createPickup({ ...pickup('081234567890'), amount: 10.5 })).toEqual({
      accepted: false,
      code: 'INVALID_AMOUNT',
    });
  });

  it('does not answer for bank references', async () => {
    await expect(
      retailSimulator().status({ railReference: 'SIM-BN-0-0-0-0123abcd', now: afternoon }),
    ).rejects.toBeInstanceOf(UnknownRailReferenceError);
  });
});
