import { RC, type SubAccountDto, splitActions } from '@gerbang/shared';
import { teamCalls } from '@gerbang/shared/contract/team-calls';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn } from '../../lib/session';
import { useMediaMatch } from '../../lib/use-media-match';

const keyOf = (moduleId: number, action: string) => `${moduleId}:${action}`;
const changeOf = (key: string) => {
  const [idModul, access] = key.split(':');
  return { idModul: Number(idModul), access };
};

interface Props {
  target: SubAccountDto | null;
  onClose(): void;
}

/**
 * The per-user permission editor (spec 01 §2): one checkbox per module action, checked = allowed.
 * Unchecking puts the action on the deny-to-add list, rechecking moves it to the delete list;
 * Save sends both lists, then reloads what the server now holds.
 */
export function PermissionEditor({ target, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const session = useLoggedIn();
  const narrow = useMediaMatch('(max-width: 36em)');
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [deleted, setDeleted] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);

  const list = useQuery({
    queryKey: ['modul-access-user', target?.id],
    enabled: target !== null,
    queryFn: async () => {
      const res = await client.call(
        teamCalls.userAccess,
        { id_user: target?.id },
        { silent: true },
      );
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
  });

  useEffect(() => {
    if (target === null) return;
    setAdded(new Set());
    setDeleted(new Set());
    setFilter('');
  }, [target]);

  const initiallyDenied = useMemo(() => {
    const denied = new Set<string>();
    for (const m of list.data ?? [])
      for (const a of splitActions(m.hak_akses_dilarang)) denied.add(keyOf(m.id_modul, a));
    return denied;
  }, [list.data]);

  const isChecked = (key: string) =>
    added.has(key) ? false : deleted.has(key) ? true : !initiallyDenied.has(key);

  const toggle = (key: string, checked: boolean) => {
    const remove = (set: Set<string>) => {
      const next = new Set(set);
      next.delete(key);
      return next;
    };
    const add = (set: Set<string>) => new Set(set).add(key);
    if (checked) {
      setAdded(remove);
      setDeleted(add);
    } else {
      setDeleted(remove);
      setAdded(add);
    }
  };

  const moduleName = (name: string) => t(`team.modules.${name}`, { defaultValue: name });
  const modules = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (list.data ?? [])
      .map((m) => ({
        ...m,
        label: t(`team.modules.${m.nama_modul}`, { defaultValue: m.nama_modul }),
      }))
      .filter(
        (m) => !needle || m.label.toLowerCase().includes(needle) || m.nama_modul.includes(needle),
      )
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [list.data, filter, t, i18n.language]);

  const allKeys = (list.data ?? []).flatMap((m) =>
    splitActions(m.hak_akses).map((a) => keyOf(m.id_modul, a)),
  );
  const allowedNow = allKeys.filter(isChecked).length;
  const pending = allKeys.filter((k) => isChecked(k) === initiallyDenied.has(k)).length;

  const save = async () => {
    if (!target) return;
    setSaving(true);
    const res = await client.call(
      teamCalls.saveUserAccess,
      {
        id_user: session.user.id,
        id_user_updated: target.id,
        added_not_allow_access: [...added].map(changeOf),
        delete_not_allow_access: [...deleted].map(changeOf),
      },
      { silent: true },
    );
    setSaving(false);
    if (res.rc !== RC.OK) {
      showErrorDialog(res.rd);
      return;
    }
    setAdded(new Set());
    setDeleted(new Set());
    await list.refetch();
    showInfoDialog(res.rd);
  };

  const allowAll = () => {
    for (const key of allKeys) if (!isChecked(key)) toggle(key, true);
  };

  const renderGroup = (title: string, entries: typeof modules) =>
    entries.length > 0 && (
      <div>
        <Title order={5} mb="xs">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          {entries.map((m) => (
            <Card
              key={m.id_modul}
              withBorder
              radius="sm"
              p="xs"
              data-testid={`perm-module-${m.nama_modul}`}
            >
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.label}
              </Text>
              <Group gap="md" mt={6}>
                {splitActions(m.hak_akses).map((action) => {
                  const key = keyOf(m.id_modul, action);
                  return (
                    <Checkbox
                      key={action}
                      size="sm"
                      label={t(`team.actions.${action}`)}
                      checked={isChecked(key)}
                      onChange={(e) => toggle(key, e.currentTarget.checked)}
                      aria-label={`${moduleName(m.nama_modul)}: ${t(`team.actions.${action}`)}`}
                      data-testid={`perm-${m.nama_modul}-${action}`}
                    />
                  );
                })}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </div>
    );

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('team.permissionsTitle', { name: target.nama }) : ''}
      size="xl"
      fullScreen={narrow}
      scrollAreaComponent={ScrollArea.Autosize}
      centered
    >
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert color="red">{t('team.loadFailed')}</Alert>
      ) : (
        <Stack gap="md" data-testid="permission-editor">
          <Text size="sm" c="dimmed">
            {t('team.permissionsHint')}
          </Text>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('team.filter')}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              data-testid="perm-filter"
            />
            <Group gap="xs">
              <Badge variant="light" color="blue">
                {t('team.allowedCount', { allowed: allowedNow, total: allKeys.length })}
              </Badge>
              <Button variant="subtle" size="xs" onClick={allowAll}>
                {t('team.selectAll')}
              </Button>
            </Group>
          </Group>
          {renderGroup(
            t('team.groupFeatures'),
            modules.filter((m) => !m.nama_modul.startsWith('data_')),
          )}
          {renderGroup(
            t('team.groupData'),
            modules.filter((m) => m.nama_modul.startsWith('data_')),
          )}
          <Group
            justify="space-between"
            pt="sm"
            style={{
              position: 'sticky',
              bottom: 0,
              background: 'var(--mantine-color-body)',
              borderTop: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Text size="sm" c={pending > 0 ? 'orange.8' : 'dimmed'} data-testid="perm-pending">
              {pending > 0 ? t('team.pendingChanges', { count: pending }) : t('team.noChanges')}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button
                onClick={save}
                loading={saving}
                disabled={added.size === 0 && deleted.size === 0}
                data-testid="perm-save"
              >
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
