import { z } from 'zod';
import { ACCOUNT_ACCESS, accountChangePassRequest, accountProfile } from './account';
import { defineCall } from './call';

/** The account area of spec 01 §2: the my-data tab and the change-password tab. */
export const accountCalls = {
  profile: defineCall({
    method: 'GET',
    path: '/data/account_profile',
    access: ACCOUNT_ACCESS.myData,
    response: accountProfile,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/data/account_change_pass',
    access: ACCOUNT_ACCESS.changePassword,
    request: accountChangePassRequest,
    response: z.null(),
  }),
};
