import {
  APPROVALS_ACCESS,
  approvalPolicyAnswer,
  approvalPolicyRules,
  approvalQueueAnswer,
  approveRequest,
  decisionAnswer,
  rejectRequest,
} from './approvals';
import { defineCall } from './call';

/**
 * Approval policies and the approvals queue. The server decides who may approve what
 * (per kind, never the maker, distinct people for six-eyes); the page only shows it.
 */
export const approvalsCalls = {
  policy: defineCall({
    method: 'GET',
    path: '/approvals/policy',
    access: APPROVALS_ACCESS.policy,
    response: approvalPolicyAnswer,
  }),
  savePolicy: defineCall({
    method: 'POST',
    path: '/approvals/policy',
    access: APPROVALS_ACCESS.managePolicy,
    request: approvalPolicyRules,
    response: approvalPolicyAnswer,
  }),
  queue: defineCall({
    method: 'GET',
    path: '/approvals/queue',
    access: APPROVALS_ACCESS.queue,
    response: approvalQueueAnswer,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/approvals/approve',
    access: APPROVALS_ACCESS.queue,
    request: approveRequest,
    response: decisionAnswer,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/approvals/reject',
    access: APPROVALS_ACCESS.queue,
    request: rejectRequest,
    response: decisionAnswer,
  }),
};
