import { RC } from '@gerbang/shared';
import {
  BENEFICIARY_LIMITS,
  BENEFICIARY_TYPES,
  type Beneficiary,
  type BeneficiaryType,
} from '@gerbang/shared/contract/beneficiaries';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import { BANKS, isVaCapable } from '@gerbang/shared/domain/banks';
import { EWALLET_PRODUCTS } from '@gerbang/shared/domain/products';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';

/** The choices of a new beneficiary's bank or e-wallet, by type (VA: the VA-capable banks). */
function codeOptions(type: BeneficiaryType) {
  if (type === 'EWALLET') {
    return EWALLET_PRODUCTS.map((p) => ({ value: p.id_produk, label: p.nama_produk }));
  }
  return BANKS.filter((b) => type !== 'VA' || isVaCapable(b.kodebank)).map((b) => ({
    value: b.kodebank,
    label: `${b.kodebank} - ${b.namabank}`,
  }));
}

/**
 * Adding a beneficiary (the server asks the rail for the account's name) or editing one's label
 * and tags (the destination and the saved name never change by hand).
 */
export function BeneficiaryModal({
  editing,
  knownTags,
  onClose,
}: {
  editing: Beneficiary | null;
  knownTags: string[];
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<BeneficiaryType>(editing?.type ?? 'BANK');
  const [code, setCode] = useState(editing?.code ?? '');
  const [number, setNumber] = useState(editing?.account_number ?? '');
  const [label, setLabel] = useState(editing?.label ?? '');
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const res = editing
      ? await client.call(beneficiaryCalls.update, { id: editing.id, label, tags })
      : await client.call(beneficiaryCalls.create, {
          type,
          code,
          account_number: number,
          label,
          tags,
        });
    setBusy(false);
    if (res.rc === RC.OK) onClose(true);
  };

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={editing ? t('beneficiaries.editTitle') : t('beneficiaries.addTitle')}
      centered
    >
      <Stack gap="sm" data-testid="beneficiary-modal">
        {editing ? (
          <Text size="sm" data-testid="beneficiary-destination">
            {editing.bank_name} · {editing.account_number} · {editing.account_name}
          </Text>
        ) : (
          <NewDestinationFields
            type={type}
            code={code}
            number={number}
            onType={(next) => {
              setType(next);
              setCode('');
            }}
            onCode={setCode}
            onNumber={setNumber}
          />
        )}
        <TextInput
          label={t('beneficiaries.fields.label')}
          value={label}
          maxLength={BENEFICIARY_LIMITS.labelMax}
          onChange={(e) => setLabel(e.currentTarget.value)}
          data-testid="beneficiary-label"
        />
        <TagsInput
          label={t('beneficiaries.fields.tags')}
          description={t('beneficiaries.fields.tagsHint')}
          value={tags}
          onChange={setTags}
          data={knownTags}
          maxTags={BENEFICIARY_LIMITS.tagsMax}
          comboboxProps={{ withinPortal: true }}
          data-testid="beneficiary-tags"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('beneficiaries.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void save()} data-testid="beneficiary-save">
            {t('beneficiaries.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A new beneficiary's destination: type, bank or e-wallet, number. */
function NewDestinationFields({
  type,
  code,
  number,
  onType,
  onCode,
  onNumber,
}: {
  type: BeneficiaryType;
  code: string;
  number: string;
  onType(type: BeneficiaryType): void;
  onCode(code: string): void;
  onNumber(number: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SegmentedControl
        fullWidth
        value={type}
        onChange={(value) => onType(value as BeneficiaryType)}
        data={BENEFICIARY_TYPES.map((v) => ({
          value: v,
          label: t(`beneficiaries.types.${v}`),
        }))}
        data-testid="beneficiary-type"
      />
      <Select
        label={
          type === 'EWALLET' ? t('beneficiaries.fields.ewallet') : t('beneficiaries.fields.bank')
        }
        data={codeOptions(type)}
        value={code || null}
        onChange={(value) => onCode(value ?? '')}
        searchable
        nothingFoundMessage={t('common.noData')}
        comboboxProps={{ withinPortal: true }}
        data-testid="beneficiary-code"
      />
      <TextInput
        label={t('beneficiaries.fields.accountNumber')}
        value={number}
        inputMode="numeric"
        maxLength={24}
        onChange={(e) => onNumber(e.currentTarget.value)}
        data-testid="beneficiary-number"
      />
    </>
  );
}
