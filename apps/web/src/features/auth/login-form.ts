/** A field of the login form and the catalog key of its problem. */
export interface LoginProblem {
  field: string;
  key: string;
}

/**
 * The login form's first problem in spec 01 §5 order (username, password, captcha), from the
 * shared login form schema: the schema reports its issues in that order and the first is shown,
 * under its field. The login page does not use react-hook-form, and the schema (with zod) loads on
 * the first submit rather than with the page: the login page is held to 150 KiB of compressed
 * JavaScript, and zod and react-hook-form would add about 33 KiB to it.
 */
export async function firstLoginProblem(values: {
  username: string;
  password: string;
  captcha: string;
}): Promise<LoginProblem | null> {
  const { loginFormSchema } = await import('@gerbang/shared/contract/auth');
  const result = loginFormSchema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return {
    field: String(issue?.path[0] ?? ''),
    key: issue?.message ?? 'common.errors.invalidInput',
  };
}
