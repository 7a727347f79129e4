import type { Language } from '../domain/environment';
import accountEn from './en/account.json';
import advanceFundsEn from './en/advance-funds.json';
import alertsEn from './en/alerts.json';
import apiKeysEn from './en/api-keys.json';
import approvalsEn from './en/approvals.json';
import authEn from './en/auth.json';
import beneficiariesEn from './en/beneficiaries.json';
import bulkEn from './en/bulk.json';
import bulkvaEn from './en/bulkva.json';
import callbacksEn from './en/callbacks.json';
import commonEn from './en/common.json';
import consoleEn from './en/console.json';
import credentialsEn from './en/credentials.json';
import dashboardEn from './en/dashboard.json';
import dataEn from './en/data.json';
import depositReturnEn from './en/deposit-return.json';
import descriptionsEn from './en/descriptions.json';
import environmentEn from './en/environment.json';
import invoiceEn from './en/invoice.json';
import navEn from './en/nav.json';
import nmidEn from './en/nmid.json';
import payinsEn from './en/payins.json';
import paylinkEn from './en/paylink.json';
import reconEn from './en/recon.json';
import remittanceEn from './en/remittance.json';
import reportsEn from './en/reports.json';
import schedulesEn from './en/schedules.json';
import securityEn from './en/security.json';
import sessionsEn from './en/sessions.json';
import signupEn from './en/signup.json';
import simulatorEn from './en/simulator.json';
import snapEn from './en/snap.json';
import statementEn from './en/statement.json';
import statementsEn from './en/statements.json';
import teamEn from './en/team.json';
import topupEn from './en/topup.json';
import transferEn from './en/transfer.json';
import uiEn from './en/ui.json';
import withdrawEn from './en/withdraw.json';
import accountId from './id/account.json';
import advanceFundsId from './id/advance-funds.json';
import alertsId from './id/alerts.json';
import apiKeysId from './id/api-keys.json';
import approvalsId from './id/approvals.json';
import authId from './id/auth.json';
import beneficiariesId from './id/beneficiaries.json';
import bulkId from './id/bulk.json';
import bulkvaId from './id/bulkva.json';
import callbacksId from './id/callbacks.json';
import commonId from './id/common.json';
import consoleId from './id/console.json';
import credentialsId from './id/credentials.json';
import dashboardId from './id/dashboard.json';
import dataId from './id/data.json';
import depositReturnId from './id/deposit-return.json';
import descriptionsId from './id/descriptions.json';
import environmentId from './id/environment.json';
import invoiceId from './id/invoice.json';
import navId from './id/nav.json';
import nmidId from './id/nmid.json';
import payinsId from './id/payins.json';
import paylinkId from './id/paylink.json';
import reconId from './id/recon.json';
import remittanceId from './id/remittance.json';
import reportsId from './id/reports.json';
import schedulesId from './id/schedules.json';
import securityId from './id/security.json';
import sessionsId from './id/sessions.json';
import signupId from './id/signup.json';
import simulatorId from './id/simulator.json';
import snapId from './id/snap.json';
import statementId from './id/statement.json';
import statementsId from './id/statements.json';
import teamId from './id/team.json';
import topupId from './id/topup.json';
import transferId from './id/transfer.json';
import uiId from './id/ui.json';
import withdrawId from './id/withdraw.json';
import { findMessage, interpolate, type MessageVars } from './message';

/**
 * The catalogs: one JSON file per area and language, namespaced by area, so `t('auth.enterUsername')`
 * reads `i18n/{lang}/auth.json`. Add an area by adding both files and one line per language here;
 * a test fails when a key exists in one language and not the other.
 */
export const catalogs = {
  id: {
    common: commonId,
    console: consoleId,
    signup: signupId,
    auth: authId,
    nav: navId,
    account: accountId,
    team: teamId,
    dashboard: dashboardId,
    reports: reportsId,
    data: dataId,
    withdraw: withdrawId,
    payins: payinsId,
    simulator: simulatorId,
    statement: statementId,
    invoice: invoiceId,
    topup: topupId,
    transfer: transferId,
    bulkva: bulkvaId,
    recon: reconId,
    statements: statementsId,
    bulk: bulkId,
    paylink: paylinkId,
    callbacks: callbacksId,
    credentials: credentialsId,
    security: securityId,
    depositReturn: depositReturnId,
    environment: environmentId,
    descriptions: descriptionsId,
    remittance: remittanceId,
    ui: uiId,
    advanceFunds: advanceFundsId,
    nmid: nmidId,
    snap: snapId,
    schedules: schedulesId,
    sessions: sessionsId,
    apiKeys: apiKeysId,
    approvals: approvalsId,
    alerts: alertsId,
    beneficiaries: beneficiariesId,
  },
  en: {
    common: commonEn,
    console: consoleEn,
    signup: signupEn,
    auth: authEn,
    nav: navEn,
    account: accountEn,
    team: teamEn,
    dashboard: dashboardEn,
    reports: reportsEn,
    data: dataEn,
    withdraw: withdrawEn,
    payins: payinsEn,
    simulator: simulatorEn,
    statement: statementEn,
    invoice: invoiceEn,
    topup: topupEn,
    transfer: transferEn,
    bulkva: bulkvaEn,
    recon: reconEn,
    statements: statementsEn,
    bulk: bulkEn,
    paylink: paylinkEn,
    callbacks: callbacksEn,
    credentials: credentialsEn,
    security: securityEn,
    depositReturn: depositReturnEn,
    environment: environmentEn,
    descriptions: descriptionsEn,
    remittance: remittanceEn,
    ui: uiEn,
    advanceFunds: advanceFundsEn,
    nmid: nmidEn,
    snap: snapEn,
    schedules: schedulesEn,
    sessions: sessionsEn,
    apiKeys: apiKeysEn,
    approvals: approvalsEn,
    alerts: alertsEn,
    beneficiaries: beneficiariesEn,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Catalog = (typeof catalogs)['id'];

/**
 * Server-side and test-side translation: `{{name}}` interpolation and `_one` / `_other` plurals
 * by `count`, the syntax i18next reads in the web app (see message.ts). Falls back to Indonesian,
 * then to the key itself.
 */
export function translate(lang: Language, key: string, vars?: MessageVars): string {
  const found =
    findMessage(catalogs[lang], lang, key, vars?.count) ??
    findMessage(catalogs.id, 'id', key, vars?.count);
  return found === undefined ? key : interpolate(found, vars);
}

export function hasKey(lang: Language, key: string): boolean {
  return findMessage(catalogs[lang], lang, key) !== undefined;
}

/** Every leaf key of a catalog tree, dotted. */
export function leafKeys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}
