import type { Environment } from './environment';
import { type Action, isAllowed, type ModuleAccess } from './permissions';
import type { UserType } from './users';

/**
 * Who may use a call or a page. The server enforces it on every route; the web app evaluates the
 * same rule to hide what the server would refuse — one definition, two uses.
 */
export interface AccessRequirement {
  /** Module and action the user's access list must allow. */
  permission?: { module: string; action: Action };
  /** Further module actions the user's access list must all allow too (e.g. topup READ and ADD). */
  alsoPermissions?: readonly { module: string; action: Action }[];
  /** Money movement and other production-only features refuse in sandbox. */
  productionOnly?: boolean;
  apiEnabled?: boolean;
  /**
   * Agent groups that pass `apiEnabled` without the API flag: they are shown a prompt instead of
   * the feature (group 3 on the credential page gets the activation prompt, whatever its API flag).
   */
  apiEnabledNotNeededFor?: readonly number[];
  /** Only a main user (no parent user). */
  mainUserOnly?: boolean;
  /** Refused for a Personal END USER. */
  notEndUser?: boolean;
  userTypes?: readonly UserType[];
  groups?: readonly number[];
  /** Agent groups refused (e.g. group 3 sees only an activation prompt on the credential page). */
  excludedGroups?: readonly number[];
  kycApproved?: boolean;
  /**
   * Money features: an unactivated business (`agents.business_activated` false) gets the
   * activation message of spec 02 §1 ('inactive') instead of the feature.
   */
  activated?: boolean;
  /**
   * Money moves, credential and callback changes, security settings: a caller with a second
   * factor must have passed it within the last minutes in this session (step-up, ADR 010).
   * Enforced by the server's route wrapper, not by `evaluateAccess`.
   */
  stepUp?: boolean;
  /**
   * The half-logged-in session states this call also answers (the login's second step, the
   * enrolment a required factor leads to). Every other call refuses such a session.
   */
  halfSession?: readonly ('verify' | 'enrol')[];
}

/** The facts about the caller that rules look at. */
export interface AccessSubject {
  access: readonly ModuleAccess[];
  userType: string;
  idGrup: number;
  apiEnabled: boolean;
  isMainUser: boolean;
  kycApproved: boolean;
  /** False for an unactivated business; absent counts as activated. */
  businessActivated?: boolean;
  environment: Environment;
}

export type AccessVerdict = 'allowed' | 'denied' | 'sandbox' | 'inactive';

export function evaluateAccess(rule: AccessRequirement, subject: AccessSubject): AccessVerdict {
  if (rule.permission && !isAllowed(subject.access, rule.permission.module, rule.permission.action))
    return 'denied';
  if (rule.alsoPermissions?.some((p) => !isAllowed(subject.access, p.module, p.action)))
    return 'denied';
  if (rule.mainUserOnly && !subject.isMainUser) return 'denied';
  if (rule.notEndUser && subject.userType === 'Personal END USER') return 'denied';
  if (rule.userTypes && !rule.userTypes.includes(subject.userType as UserType)) return 'denied';
  if (rule.groups && !rule.groups.includes(subject.idGrup)) return 'denied';
  if (rule.excludedGroups?.includes(subject.idGrup)) return 'denied';
  // Before the API and KYC flags: an unactivated business has neither yet, and the answer it
  // needs is the activation message, not "no access".
  if (rule.activated && subject.businessActivated === false) return 'inactive';
  if (
    rule.apiEnabled &&
    !subject.apiEnabled &&
    !rule.apiEnabledNotNeededFor?.includes(subject.idGrup)
  )
    return 'denied';
  if (rule.kycApproved && !subject.kycApproved) return 'denied';
  if (rule.productionOnly && subject.environment !== 'production') return 'sandbox';
  return 'allowed';
}
