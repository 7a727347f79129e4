import {
  type CurrencyCountryItem,
  countryOfCurrency,
  REMITTANCE_COUNTRIES,
  type RemittanceCurrency,
} from '@gerbang/shared/contract/remittance';
import type { Selectable } from 'kysely';
import type { Services } from '../../http/services';
import type { RemittanceRatesTable } from './tables';

export type RateRow = Selectable<RemittanceRatesTable>;

/**
 * The selling rates in force now: the `remittance_rates` row of each currency whose validity
 * covers now. When one has run out, the partner's sheet (rails.remittance.rates) is read and the
 * new rows stored (one per currency and period: a concurrent refresh inserts nothing twice).
 */
export async function currentRates(services: Services): Promise<Map<string, RateRow>> {
  const now = services.now();
  let rows = await validRows(services, now);
  if (rows.size < REMITTANCE_COUNTRIES.length) {
    const sheet = await services.rails.remittance.rates({ now });
    const fresh = sheet.filter((rate) => rate.validUntil.getTime() > now.getTime());
    if (fresh.length > 0) {
      await services.db
        .insertInto('remittance_rates')
        .values(
          fresh.map((rate) => ({
            currency: rate.currency,
            selling_rate: rate.sellingRate,
            valid_from: rate.validFrom,
            valid_until: rate.validUntil,
            fetched_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['currency', 'valid_from']).doNothing())
        .execute();
    }
    rows = await validRows(services, now);
  }
  return rows;
}

async function validRows(services: Services, now: Date): Promise<Map<string, RateRow>> {
  const rows = await services.db
    .selectFrom('remittance_rates')
    .selectAll()
    .where('valid_from', '<=', now)
    .where('valid_until', '>', now)
    .orderBy('valid_from', 'desc')
    .execute();
  const byCurrency = new Map<string, RateRow>();
  for (const row of rows) if (!byCurrency.has(row.currency)) byCurrency.set(row.currency, row);
  return byCurrency;
}

export async function rateOf(
  services: Services,
  currency: RemittanceCurrency,
): Promise<RateRow | undefined> {
  return (await currentRates(services)).get(currency);
}

/** transaction/list_currency_country. */
export async function currencyCountryList(services: Services): Promise<CurrencyCountryItem[]> {
  const rates = await currentRates(services);
  return REMITTANCE_COUNTRIES.flatMap((country) => {
    const rate = rates.get(country.currency);
    if (!rate || !countryOfCurrency(country.currency)) return [];
    return [
      {
        ...country,
        selling_rate: rate.selling_rate,
        valid_until: new Date(rate.valid_until).toISOString(),
      },
    ];
  });
}
