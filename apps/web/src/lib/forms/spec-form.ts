import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Forms validate with the shared request schema the server validates with (react-hook-form and
 * zodResolver); there is no second, hand-written validator.
 *
 * The spec's message order, one mechanism: each shared schema reports its issues in the spec's
 * order (fields declared in that order; rules across fields as a refinement, which zod runs after
 * the fields). zodResolver files the first issue of each field in issue order, so the first entry
 * of the errors is the spec's first message, and a form shows only that one. One care: for a
 * failed union zodResolver shows a member's message, not the union's, so a union in a form's
 * schema names its message on each member too (the top-up amount).
 */
export function firstFieldError(errors: FieldErrors): { field: string; message: string } | null {
  for (const [field, error] of Object.entries(errors)) {
    if (typeof error?.message === 'string' && error.message)
      return { field, message: error.message };
  }
  return null;
}

export function firstErrorMessage(errors: FieldErrors): string | null {
  return firstFieldError(errors)?.message ?? null;
}

/**
 * A resolver for a form whose state is shaped for its inputs rather than as the request:
 * `toRequest` gives the body the page sends and `schemaOf` the shared schema for it (it may depend
 * on the tab or the session). When the request passes, the form's own values go on to the submit
 * handler.
 */
export function requestResolver<Form extends FieldValues>(
  schemaOf: (form: Form) => z.ZodType,
  toRequest: (form: Form) => FieldValues,
): Resolver<Form> {
  return async (values, context, options) => {
    const resolve = zodResolver(schemaOf(values) as z.ZodType<FieldValues, FieldValues>);
    const result = await resolve(toRequest(values), context, { ...options, fields: {} });
    if (Object.keys(result.errors).length)
      return { values: {}, errors: result.errors as FieldErrors<Form> };
    return { values, errors: {} };
  };
}

/** The inputs report partial changes (`onChange({ code, number })`); this writes them all. */
export function patchForm<Form extends FieldValues>(
  form: UseFormReturn<Form>,
  next: Partial<Form>,
): void {
  for (const [name, value] of Object.entries(next)) {
    form.setValue(name as never, value as never);
  }
}

/** The message a form shows for these values (null when they pass): the resolver, then the first. */
export async function firstProblemOf<Form extends FieldValues>(
  resolver: Resolver<Form>,
  values: Form,
): Promise<string | null> {
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstErrorMessage(result.errors);
}
