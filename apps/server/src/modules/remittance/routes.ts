import { translate } from '@gerbang/shared';
import {
  bankInternationalQuery,
  REMITTANCE_ACCESS,
  REMITTANCE_PATHS,
  remittanceInquiryRequest,
  remittancePaymentRequest,
  remittanceStatusQuery,
} from '@gerbang/shared/contract/remittance';
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

const anyBody = z.unknown();
const anyQuery = z.record(z.string(), z.unknown());

export const remittanceRoutes = [
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.currencies,
    access: REMITTANCE_ACCESS,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      return ok(await currencyCountryList(ctx.services));
    },
  }),
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.countries,
    access: REMITTANCE_ACCESS,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const list = await currencyCountryList(ctx.services);
      return ok(
        list.map(({ id_country, country_name, country_code }) => ({
          id_country,
          country_name,
          country_code,
        })),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.banks,
    access: REMITTANCE_ACCESS,
    query: anyQuery,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const { country_code } = parse(bankInternationalQuery, ctx.query);
      const banks = INTERNATIONAL_BANKS[country_code.toUpperCase()];
      if (!banks) throw validationError('remittance.chooseCountry');
      return ok(banks.map(({ id, namaBank }) => ({ id, namaBank })));
    },
  }),
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.purposes,
    access: REMITTANCE_ACCESS,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      return ok(
        TRANSFER_PURPOSES.map((id) => ({
          id,
          name: translate(ctx.lang, `remittance.purposes.${id}`),
        })),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: REMITTANCE_PATHS.inquiry,
    access: REMITTANCE_ACCESS,
    body: anyBody,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const fields = parse(remittanceInquiryRequest, ctx.body);
      const answer = await createRemittanceInquiry(ctx.services, actorOf(ctx), fields);
      return ok(answer, 'remittance.otpSent', { email: answer.email });
    },
  }),
  defineRoute({
    method: 'POST',
    url: REMITTANCE_PATHS.payment,
    access: REMITTANCE_ACCESS,
    body: anyBody,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const body = parse(remittancePaymentRequest, ctx.body);
      return ok(await payRemittance(ctx.services, actorOf(ctx), body));
    },
  }),
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.status,
    access: REMITTANCE_ACCESS,
    query: anyQuery,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const query = parse(remittanceStatusQuery, ctx.query);
      const answer = await remittanceStatus(ctx.services, actorOf(ctx), query);
      return ok(
        answer,
        answer.status_trx === 'PROCESS' ? 'remittance.statusProcessing' : undefined,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: REMITTANCE_PATHS.detail,
    access: REMITTANCE_ACCESS,
    query: anyQuery,
    handler: async (ctx) => {
      assertInternationalAgent(ctx.services, ctx.auth);
      const query = parse(remittanceStatusQuery, ctx.query);
      return ok(await remittanceDetail(ctx.services, actorOf(ctx), query));
    },
  }),
];
