import { translate } from '@gerbang/shared';
import type { AnyCall } from '@gerbang/shared/contract/call';
import {
  bankInternationalQuery,
  remittanceInquiryRequest,
  remittancePaymentRequest,
  remittanceStatusQuery,
} from '@gerbang/shared/contract/remittance';
import { remittanceCalls } from '@gerbang/shared/contract/remittance-calls';
import { z } from 'zod';
import type { AuthContext } from '../../http/auth-context';
import { accessDenied, validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import { actorOf } from '../../platform/actor';
import { INTERNATIONAL_BANKS, TRANSFER_PURPOSES } from './banks';
import { createRemittanceInquiry } from './inquiry';
import { payRemittance } from './payment';
import { currencyCountryList } from './rates';
import { remittanceDetail, remittanceStatus } from './status';

/**
 * Spec 02 §6: international READ, API enabled, a main account (REMITTANCE_ACCESS, checked by the
 * route wrapper before anything is read), and the agent in the allow-list (INTERNATIONAL_AGENTS,
 * checked first in every handler, before the body is parsed: an agent outside the list learns
 * nothing from a validation message).
 */
export function assertInternationalAgent(services: Services, auth: AuthContext): void {
  if (!services.config.internationalAgents.includes(auth.agent.username)) throw accessDenied();
}

/** Parses after the allow-list: the first failing issue's catalog key is the answer. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success)
    throw validationError(parsed.error.issues[0]?.message ?? 'common.errors.invalidInput');
  return parsed.data;
}

/**
 * The route of a call whose request is read after the allow-list: the wrapper passes it on
 * unparsed, and the handler parses it with the call's own schema (`parse`).
 */
const afterAllowList = <C extends AnyCall>(call: C) => ({
  ...call,
  request: call.request ? z.unknown() : undefined,
  query: call.query ? z.record(z.string(), z.unknown()) : undefined,
});

export const remittanceRoutes = [
  defineRoute(remittanceCalls.currencies, async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    return ok(await currencyCountryList(ctx.services));
  }),
  defineRoute(remittanceCalls.countries, async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const list = await currencyCountryList(ctx.services);
    return ok(
      list.map(({ id_country, country_name, country_code }) => ({
        id_country,
        country_name,
        country_code,
      })),
    );
  }),
  defineRoute(afterAllowList(remittanceCalls.banks), async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const { country_code } = parse(bankInternationalQuery, ctx.query);
    const banks = INTERNATIONAL_BANKS[country_code.toUpperCase()];
    if (!banks) throw validationError('remittance.chooseCountry');
    return ok(banks.map(({ id, namaBank }) => ({ id, namaBank })));
  }),
  defineRoute(remittanceCalls.purposes, async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    return ok(
      TRANSFER_PURPOSES.map((id) => ({
        id,
        name: translate(ctx.lang, `remittance.purposes.${id}`),
      })),
    );
  }),
  defineRoute(afterAllowList(remittanceCalls.inquiry), async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const fields = parse(remittanceInquiryRequest, ctx.body);
    const answer = await createRemittanceInquiry(ctx.services, actorOf(ctx), fields);
    return ok(answer, 'remittance.otpSent', { email: answer.email });
  }),
  defineRoute(afterAllowList(remittanceCalls.payment), async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const body = parse(remittancePaymentRequest, ctx.body);
    return ok(await payRemittance(ctx.services, actorOf(ctx), body));
  }),
  defineRoute(afterAllowList(remittanceCalls.status), async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const query = parse(remittanceStatusQuery, ctx.query);
    const answer = await remittanceStatus(ctx.services, actorOf(ctx), query);
    return ok(answer, answer.status_trx === 'PROCESS' ? 'remittance.statusProcessing' : undefined);
  }),
  defineRoute(afterAllowList(remittanceCalls.detail), async (ctx) => {
    assertInternationalAgent(ctx.services, ctx.auth);
    const query = parse(remittanceStatusQuery, ctx.query);
    return ok(await remittanceDetail(ctx.services, actorOf(ctx), query));
  }),
];
