import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorDialog } from '../../lib/dialogs';
import { firstErrorMessage, patchForm } from '../../lib/forms/spec-form';

export interface PayoutFormOptions<Form extends FieldValues> {
  defaultValues: Form;
  /** Over the shared request schema (`requestResolver`), so the page and the server agree. */
  resolver: Resolver<Form>;
  /** Runs once the form passes: the inquiry call(s). */
  onValid(form: Form): Promise<void>;
  /** The dialog title of the first problem (pages differ: "Attention", the transfer's own). */
  problemTitle?: string;
}

/**
 * The form step of a payout: react-hook-form holds the values, the shared schema checks them and
 * the first problem in the spec's order shows in a dialog; `submitting` is true while the inquiry
 * runs. The inputs stay controlled (`values`, `patch`) as they were with local state.
 */
export function usePayoutForm<Form extends FieldValues>(options: PayoutFormOptions<Form>) {
  const { t } = useTranslation();
  const form = useForm<Form>({
    defaultValues: options.defaultValues as DefaultValues<Form>,
    resolver: options.resolver,
  });
  const [submitting, setSubmitting] = useState(false);
  const values = form.watch() as Form;

  const submit = form.handleSubmit(
    async (valid) => {
      setSubmitting(true);
      try {
        await options.onValid(valid as Form);
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => {
      const problem = firstErrorMessage(errors);
      if (problem) showErrorDialog(t(problem), options.problemTitle ?? t('common.attention'));
    },
  );

  return {
    form,
    values,
    patch: (next: Partial<Form>) => patchForm(form, next),
    submit: () => void submit(),
    submitting,
    clear: () => form.reset(options.defaultValues),
  };
}
