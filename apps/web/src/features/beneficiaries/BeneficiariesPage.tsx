import { RC } from '@gerbang/shared';
import { BENEFICIARY_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { Beneficiary } from '@gerbang/shared/contract/beneficiaries';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { useSession } from '../../lib/session';
import { BeneficiaryModal } from './BeneficiaryModal';
import { NameHolds } from './NameHolds';

interface Filters {
  q: string;
  tag: string;
  type: '' | Beneficiary['type'];
}

/**
 * The beneficiary book: saved recipients with the name the bank returned, a label and
 * tags — the spec's favourite list. Search, filter by tag or type, add (the server asks the rail
 * for the name), edit the label and tags, delete. Payouts held for a name mismatch are listed above.
 */
export default function BeneficiariesPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const mayEdit = verdict(BENEFICIARY_ACCESS.update) === 'allowed';
  const [filters, setFilters] = useState<Filters>({ q: '', tag: '', type: '' });
  const [list, setList] = useState<{ items: Beneficiary[]; total: number; tags: string[] }>();
  const [editing, setEditing] = useState<Beneficiary | 'new' | null>(null);

  const load = useCallback(async (f: Filters) => {
    const res = await client.call(beneficiaryCalls.list, { ...f, offset: 0, limit: 200 });
    if (res.rc === RC.OK) setList(res.data);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(filters), 250);
    return () => clearTimeout(timer);
  }, [filters, load]);

  const confirmDelete = (b: Beneficiary) =>
    modals.openConfirmModal({
      title: t('beneficiaries.delete'),
      centered: true,
      children: (
        <Text size="sm">
          {t('beneficiaries.deleteConfirm', { label: b.label || b.account_name })}
        </Text>
      ),
      labels: { confirm: t('beneficiaries.delete'), cancel: t('beneficiaries.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: async () => {
        const res = await client.call(beneficiaryCalls.remove, { id: b.id });
        if (res.rc === RC.OK) void load(filters);
      },
    });

  return (
    <Stack gap="md" data-testid="beneficiaries-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2}>{t('beneficiaries.title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('beneficiaries.hint')}
          </Text>
        </div>
        {mayEdit && (
          <Button onClick={() => setEditing('new')} data-testid="beneficiary-add">
            {t('beneficiaries.add')}
          </Button>
        )}
      </Group>
      <NameHolds onDecided={() => void load(filters)} />
      <FilterBar filters={filters} tags={list?.tags ?? []} onChange={setFilters} />
      {list && list.items.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed" data-testid="beneficiaries-empty">
            {t('beneficiaries.empty')}
          </Text>
        </Card>
      )}
      {list && list.items.length > 0 && (
        <BookList
          items={list.items}
          mayEdit={mayEdit}
          onEdit={(b) => setEditing(b)}
          onDelete={confirmDelete}
        />
      )}
      {editing && (
        <BeneficiaryModal
          editing={editing === 'new' ? null : editing}
          knownTags={list?.tags ?? []}
          onClose={(changed) => {
            setEditing(null);
            if (changed) void load(filters);
          }}
        />
      )}
    </Stack>
  );
}

function FilterBar({
  filters,
  tags,
  onChange,
}: {
  filters: Filters;
  tags: string[];
  onChange(next: Filters): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('beneficiaries.search')}
        aria-label={t('beneficiaries.search')}
        value={filters.q}
        onChange={(e) => onChange({ ...filters, q: e.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
        data-testid="beneficiaries-search"
      />
      <Select
        data={[
          { value: '', label: t('beneficiaries.allTags') },
          ...tags.map((tag) => ({ value: tag, label: `#${tag}` })),
        ]}
        value={filters.tag}
        onChange={(value) => onChange({ ...filters, tag: value ?? '' })}
        aria-label={t('beneficiaries.fields.tags')}
        style={{ flex: '0 1 170px' }}
        data-testid="beneficiaries-tag"
      />
      <Select
        data={[
          { value: '', label: t('beneficiaries.allTypes') },
          ...(['BANK', 'EWALLET', 'VA'] as const).map((v) => ({
            value: v,
            label: t(`beneficiaries.types.${v}`),
          })),
        ]}
        value={filters.type}
        onChange={(value) => onChange({ ...filters, type: (value ?? '') as Filters['type'] })}
        aria-label={t('beneficiaries.fields.type')}
        style={{ flex: '0 1 170px' }}
        data-testid="beneficiaries-type"
      />
    </Group>
  );
}

interface ListProps {
  items: Beneficiary[];
  mayEdit: boolean;
  onEdit(b: Beneficiary): void;
  onDelete(b: Beneficiary): void;
}

/** A table on wide screens, cards on a phone. */
function BookList(props: ListProps) {
  return (
    <>
      <Card withBorder radius="md" p={0} visibleFrom="sm">
        <BookTable {...props} />
      </Card>
      <Stack gap="xs" hiddenFrom="sm">
        {props.items.map((b) => (
          <BookCard key={b.id} b={b} {...props} />
        ))}
      </Stack>
    </>
  );
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} variant="light" size="sm">
          #{tag}
        </Badge>
      ))}
    </Group>
  );
}

function RowButtons({
  b,
  onEdit,
  onDelete,
}: Pick<ListProps, 'onEdit' | 'onDelete'> & { b: Beneficiary }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t('beneficiaries.edit')}
        onClick={() => onEdit(b)}
        data-testid={`beneficiary-edit-${b.id}`}
      >
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('beneficiaries.delete')}
        onClick={() => onDelete(b)}
        data-testid={`beneficiary-delete-${b.id}`}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function BookTable({ items, mayEdit, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="beneficiaries-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('beneficiaries.fields.label')}</Table.Th>
            <Table.Th>{t('beneficiaries.fields.accountName')}</Table.Th>
            <Table.Th>{t('beneficiaries.fields.bank')}</Table.Th>
            <Table.Th>{t('beneficiaries.fields.accountNumber')}</Table.Th>
            <Table.Th>{t('beneficiaries.fields.tags')}</Table.Th>
            {mayEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((b) => (
            <Table.Tr key={b.id} data-testid={`beneficiary-row-${b.account_number}`}>
              <Table.Td fw={500}>{b.label || '-'}</Table.Td>
              <Table.Td>{b.account_name}</Table.Td>
              <Table.Td>
                {b.bank_name}
                <Text size="xs" c="dimmed">
                  {t(`beneficiaries.types.${b.type}`)}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{b.account_number}</Table.Td>
              <Table.Td>
                <Tags tags={b.tags} />
              </Table.Td>
              {mayEdit && (
                <Table.Td>
                  <RowButtons b={b} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BookCard({ b, mayEdit, onEdit, onDelete }: ListProps & { b: Beneficiary }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="sm" data-testid={`beneficiary-card-${b.account_number}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{b.label || b.account_name}</Text>
          <Text size="sm">{b.account_name}</Text>
          <Text size="sm" c="dimmed">
            {b.bank_name} · {t(`beneficiaries.types.${b.type}`)}
          </Text>
          <Text size="sm" ff="monospace">
            {b.account_number}
          </Text>
        </div>
        {mayEdit && <RowButtons b={b} onEdit={onEdit} onDelete={onDelete} />}
      </Group>
      {b.tags.length > 0 && (
        <Group mt={6}>
          <Tags tags={b.tags} />
        </Group>
      )}
    </Card>
  );
}
