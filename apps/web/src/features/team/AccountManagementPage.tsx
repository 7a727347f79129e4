import { formatWibDateTime, RC, type SubAccountDto } from '@gerbang/shared';
import { teamCalls } from '@gerbang/shared/contract/team-calls';
import { ActionIcon, Alert, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconShieldLock, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountTabs } from '../../components/AccountTabs';
import { PageLoader } from '../../components/PageLoader';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn, useSession } from '../../lib/session';
import { useMediaMatch } from '../../lib/use-media-match';
import { PermissionEditor } from './PermissionEditor';
import { SubAccountDialog } from './SubAccountDialog';

/**
 * The account-management tab (spec 01 §2): the main user's sub-accounts with add, edit, delete
 * and the permission editor. The route's rule (main user, not an end user, READ on
 * account_management, production) is the server's; ADD and UPDATE hide their buttons.
 */
export default function AccountManagementPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { verdict } = useSession();
  const canAdd =
    verdict({ permission: { module: 'account_management', action: 'ADD' } }) === 'allowed';
  const canUpdate =
    verdict({ permission: { module: 'account_management', action: 'UPDATE' } }) === 'allowed';
  const [dialog, setDialog] = useState<{ opened: boolean; editing: SubAccountDto | null }>({
    opened: false,
    editing: null,
  });
  const [permissionsOf, setPermissionsOf] = useState<SubAccountDto | null>(null);
  // On a phone the table keeps two columns (name with e-mail, actions) instead of scrolling sideways.
  const narrow = useMediaMatch('(max-width: 36em)');

  const list = useQuery({
    queryKey: ['subaccounts'],
    queryFn: async () => {
      const res = await client.call(teamCalls.subAccounts, { iduser: session.user.id });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
  });

  const confirmDelete = (row: SubAccountDto) =>
    modals.openConfirmModal({
      title: t('team.deleteTitle'),
      centered: true,
      children: (
        <Text size="sm">{t('team.deleteConfirm', { name: row.nama, email: row.username })}</Text>
      ),
      labels: { confirm: t('team.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: async () => {
        const res = await client.call(
          teamCalls.deleteSubAccount,
          { idaccount: row.id },
          { silent: true },
        );
        if (res.rc !== RC.OK) {
          showErrorDialog(res.rd);
          return;
        }
        await list.refetch();
        showInfoDialog(res.rd);
      },
    });

  const rows = list.data ?? [];

  return (
    <>
      <AccountTabs active="management" />
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" maw={640} style={{ flex: '1 1 260px' }}>
            {t('team.hint')}
          </Text>
          {canAdd && (
            <Button
              leftSection={<IconUserPlus size={18} />}
              onClick={() => setDialog({ opened: true, editing: null })}
              data-testid="sub-add"
            >
              {t('team.add')}
            </Button>
          )}
        </Group>
        <Card withBorder radius="md" p={0}>
          {list.isPending ? (
            <PageLoader />
          ) : list.isError ? (
            <Alert color="red" m="md">
              {list.error.message}
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl" data-testid="sub-empty">
              {t('team.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={narrow ? 0 : 620} type="native">
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="sub-table">
                <Table.Thead>
                  <Table.Tr>
                    {!narrow && <Table.Th w={56}>{t('team.columns.no')}</Table.Th>}
                    <Table.Th>{t('team.columns.name')}</Table.Th>
                    {!narrow && <Table.Th>{t('team.columns.email')}</Table.Th>}
                    {!narrow && <Table.Th>{t('team.columns.createdAt')}</Table.Th>}
                    <Table.Th ta="right">{t('team.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={row.id} data-testid={`sub-row-${row.username}`}>
                      {!narrow && <Table.Td>{index + 1}</Table.Td>}
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.nama}
                        </Text>
                        {narrow && (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {row.username}
                          </Text>
                        )}
                      </Table.Td>
                      {!narrow && <Table.Td>{row.username}</Table.Td>}
                      {!narrow && (
                        <Table.Td c="dimmed">
                          {formatWibDateTime(new Date(row.created_at))}
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {canUpdate && (
                            <>
                              <Tooltip label={t('team.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => setDialog({ opened: true, editing: row })}
                                  aria-label={t('team.edit')}
                                  data-testid="sub-edit"
                                >
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('team.permissions')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="violet"
                                  onClick={() => setPermissionsOf(row)}
                                  aria-label={t('team.permissions')}
                                  data-testid="sub-permissions"
                                >
                                  <IconShieldLock size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('team.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => confirmDelete(row)}
                                  aria-label={t('team.delete')}
                                  data-testid="sub-delete"
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <SubAccountDialog
        opened={dialog.opened}
        editing={dialog.editing}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        onSaved={() => void list.refetch()}
      />
      <PermissionEditor target={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}
