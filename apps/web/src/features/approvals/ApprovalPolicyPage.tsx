import {
  APPROVAL_LIMITS,
  type ApprovalPolicyRules,
  EMPTY_POLICY,
  formatThousands,
  formatWibDateTime,
  POLICY_KINDS,
  type PolicyKind,
} from '@gerbang/shared';
import { APPROVALS_ACCESS } from '@gerbang/shared/contract/access-rules';
import { approvalPolicyRules } from '@gerbang/shared/contract/approvals';
import { approvalsCalls } from '@gerbang/shared/contract/approvals-calls';
import { Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { firstErrorMessage, requestResolver } from '../../lib/forms/spec-form';
import { useSession } from '../../lib/session';

const resolver = requestResolver<ApprovalPolicyRules>(
  () => approvalPolicyRules,
  (form) => form,
);

/**
 * The approval policy: per kind, amount tiers and how many different people approve;
 * the expiry; whether API transfers follow the withdraw tiers. The server checks it again.
 */
export default function ApprovalPolicyPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const mayEdit = verdict(APPROVALS_ACCESS.managePolicy) === 'allowed';
  const form = useForm<ApprovalPolicyRules>({ defaultValues: EMPTY_POLICY, resolver });
  const [meta, setMeta] = useState<{ at: string | null; by: string | null }>({
    at: null,
    by: null,
  });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void client.call(approvalsCalls.policy, undefined).then((res) => {
      if (res.rc !== '00') return;
      form.reset(res.data.policy);
      setMeta({ at: res.data.updated_at, by: res.data.updated_by });
    });
  }, [form]);

  const submit = async (policy: ApprovalPolicyRules) => {
    setSaving(true);
    const res = await client.call(approvalsCalls.savePolicy, policy);
    setSaving(false);
    if (res.rc !== '00') return;
    form.reset(res.data.policy);
    setMeta({ at: res.data.updated_at, by: res.data.updated_by });
    showInfoDialog(res.rd);
  };

  return (
    <Stack gap="md" maw={880} data-testid="approval-policy-page">
      <Title order={2}>{t('approvals.policyTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('approvals.policyIntro')}
      </Text>
      {meta.at && (
        <Text size="xs" c="dimmed" data-testid="policy-updated">
          {t('approvals.updatedBy', {
            user: meta.by ?? '-',
            at: formatWibDateTime(new Date(meta.at)),
          })}
        </Text>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit(submit, (errors) => {
          const problem = firstErrorMessage(errors);
          if (problem) showErrorDialog(t(problem));
        })}
      >
        <Stack gap="md">
          {POLICY_KINDS.map((kind) => (
            <KindTiers key={kind} kind={kind} form={form} disabled={!mayEdit} />
          ))}
          <Card withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t('approvals.expiryHours')}
                inputMode="numeric"
                value={String(form.watch('expiry_hours') || '')}
                onChange={(e) => {
                  const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 3);
                  form.setValue('expiry_hours', Number(digits || '0'), { shouldDirty: true });
                }}
                disabled={!mayEdit}
                maw={260}
                data-testid="policy-expiry"
              />
              <Switch
                label={t('approvals.appliesToApi')}
                description={t('approvals.appliesToApiHint')}
                checked={form.watch('applies_to_api')}
                onChange={(e) =>
                  form.setValue('applies_to_api', e.currentTarget.checked, { shouldDirty: true })
                }
                disabled={!mayEdit}
                data-testid="policy-api"
              />
            </Stack>
          </Card>
          {mayEdit && (
            <Group>
              <Button type="submit" loading={saving} data-testid="policy-save">
                {t('approvals.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

function KindTiers({
  kind,
  form,
  disabled,
}: {
  kind: PolicyKind;
  form: UseFormReturn<ApprovalPolicyRules>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const tiers = useFieldArray({ control: form.control, name: `tiers.${kind}` });
  const values = form.watch(`tiers.${kind}`);
  const approverOptions = [0, 1, 2].map((n) => ({
    value: String(n),
    label: t(`approvals.approverOptions.${n}`),
  }));
  const addTier = () => {
    // A new open tier at the end; the previous open one gets a bound above the one before it.
    const last = values.at(-1);
    if (last && last.up_to === null) {
      const before = values.at(-2)?.up_to ?? 0;
      form.setValue(`tiers.${kind}.${values.length - 1}.up_to`, before + 10_000_000);
    }
    tiers.append({ up_to: null, approvers: 1 });
  };
  return (
    <Card withBorder radius="md" p="md" data-testid={`policy-${kind}`}>
      <Title order={4} mb="xs">
        {t(`approvals.kinds.${kind}`)}
      </Title>
      <Stack gap="xs">
        {values.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('approvals.noTiers')}
          </Text>
        )}
        {tiers.fields.map((field, index) => {
          const tier = values[index];
          const open = tier?.up_to === null;
          return (
            <Group
              key={field.id}
              gap="sm"
              align="end"
              wrap="wrap"
              data-testid={`tier-${kind}-${index}`}
            >
              <TextInput
                label={
                  open
                    ? t(index === 0 ? 'approvals.tierAll' : 'approvals.tierAbove')
                    : t('approvals.tierUpTo')
                }
                inputMode="numeric"
                value={open ? '' : formatThousands(tier?.up_to ?? 0)}
                placeholder={open ? '∞' : undefined}
                disabled={disabled || open}
                onChange={(e) => {
                  const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 13);
                  form.setValue(`tiers.${kind}.${index}.up_to`, Number(digits || '0'), {
                    shouldDirty: true,
                  });
                }}
                w={200}
                data-testid={`tier-${kind}-${index}-amount`}
              />
              <Select
                label={t('approvals.approvers')}
                data={approverOptions}
                value={String(tier?.approvers ?? 0)}
                onChange={(v) =>
                  form.setValue(`tiers.${kind}.${index}.approvers`, Number(v ?? 0), {
                    shouldDirty: true,
                  })
                }
                allowDeselect={false}
                disabled={disabled}
                w={220}
                data-testid={`tier-${kind}-${index}-approvers`}
                comboboxProps={{ withinPortal: true }}
              />
              {!disabled && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    tiers.remove(index);
                    // The last tier left covers any higher amount.
                    const remaining = values.length - 1;
                    if (index === values.length - 1 && remaining > 0) {
                      form.setValue(`tiers.${kind}.${remaining - 1}.up_to`, null);
                    }
                  }}
                >
                  {t('approvals.removeTier')}
                </Button>
              )}
            </Group>
          );
        })}
        {!disabled && values.length < APPROVAL_LIMITS.maxTiers && (
          <Group>
            <Button variant="light" size="xs" onClick={addTier} data-testid={`policy-${kind}-add`}>
              {t('approvals.addTier')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
