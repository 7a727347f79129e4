import {
  BENEFICIARY_ACCESS,
  beneficiary,
  beneficiaryList,
  beneficiaryListQuery,
  createBeneficiaryRequest,
  deleteBeneficiaryRequest,
  deletedAnswer,
  nameHoldDecision,
  nameHoldDecisionAnswer,
  nameHoldList,
  saveFromTransactionRequest,
  updateBeneficiaryRequest,
} from './beneficiaries';
import { defineCall } from './call';

/**
 * The beneficiary book and the payouts held for a name mismatch. The
 * server decides who may release a held payout (name_mismatch OVERRIDE); the page only shows it.
 */
export const beneficiaryCalls = {
  list: defineCall({
    method: 'GET',
    path: '/beneficiaries',
    access: BENEFICIARY_ACCESS.read,
    query: beneficiaryListQuery,
    response: beneficiaryList,
  }),
  create: defineCall({
    method: 'POST',
    path: '/beneficiaries',
    access: BENEFICIARY_ACCESS.update,
    request: createBeneficiaryRequest,
    response: beneficiary,
  }),
  saveFromTransaction: defineCall({
    method: 'POST',
    path: '/beneficiaries/from_transaction',
    access: BENEFICIARY_ACCESS.update,
    request: saveFromTransactionRequest,
    response: beneficiary,
  }),
  update: defineCall({
    method: 'POST',
    path: '/beneficiaries/update',
    access: BENEFICIARY_ACCESS.update,
    request: updateBeneficiaryRequest,
    response: beneficiary,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/beneficiaries/delete',
    access: BENEFICIARY_ACCESS.update,
    request: deleteBeneficiaryRequest,
    response: deletedAnswer,
  }),
  holds: defineCall({
    method: 'GET',
    path: '/beneficiaries/holds',
    access: BENEFICIARY_ACCESS.holds,
    response: nameHoldList,
  }),
  release: defineCall({
    method: 'POST',
    path: '/beneficiaries/holds/release',
    access: BENEFICIARY_ACCESS.override,
    request: nameHoldDecision,
    response: nameHoldDecisionAnswer,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/beneficiaries/holds/reject',
    access: BENEFICIARY_ACCESS.override,
    request: nameHoldDecision,
    response: nameHoldDecisionAnswer,
  }),
};
