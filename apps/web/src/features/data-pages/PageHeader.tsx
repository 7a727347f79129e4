import {
  type DataPageDescriptor,
  findDataPage,
  hasDepositLink,
  SUB_NAV_GROUPS,
} from '@gerbang/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '../../components/Money';
import { useBalances } from '../../lib/balance';
import { useLoggedIn, useSession } from '../../lib/session';
import { useVaBanks } from '../../lib/useVaBanks';

/** Sub-navigation tabs of spec 03 §2.2: the pages of the group the caller may open. */
export function SubNav({ page }: { page: DataPageDescriptor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { verdict } = useSession();
  if (!page.group) return null;
  const tabs = SUB_NAV_GROUPS[page.group]
    .map((path) => findDataPage(path))
    .filter((p): p is DataPageDescriptor => p !== undefined && verdict(p.access) === 'allowed');
  if (tabs.length < 2) return null;
  return (
    <Tabs
      value={page.path}
      onChange={(path) => path && navigate(`/data/${path}`)}
      data-testid="data-subnav"
    >
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path} data-testid={`tab-${tab.path}`}>
            {t(tab.titleKey)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * Balance card of the balance pages (spec 03 §2.2): available and hold, only when the
 * show-balance rule is 1; n/a shows as 0; no deposit link for groups 5 and 13.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { balance, hold_balance, visible } = useBalances();
  if (session.rule_show_balance !== 1 || !visible) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="balance-card">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('data.ui.available')}
          </Text>
          <Text fw={700} size="lg" data-testid="balance-available">
            <Money value={balance ?? 0} />
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('data.ui.hold')}
          </Text>
          <Text fw={700} size="lg" data-testid="balance-hold">
            <Money value={hold_balance ?? 0} />
          </Text>
        </Stack>
        <Group gap="sm" justify="flex-end" align="center">
          <Button
            component={Link}
            to="/transaction/single_disbursement"
            variant="light"
            data-testid="balance-withdraw"
          >
            {t('data.ui.withdraw')}
          </Button>
          {hasDepositLink(session.agent.id_grup) && (
            <Button component={Link} to="/topup" variant="outline" data-testid="balance-deposit">
              {t('data.ui.deposit')}
            </Button>
          )}
        </Group>
      </SimpleGrid>
    </Paper>
  );
}

/** Title row: back button (disbursement detail), add button (dana talangan, NMID), bank selector (VA pages). */
export function PageTitle({
  page,
  bank,
  onBank,
}: {
  page: DataPageDescriptor;
  bank: string | null;
  onBank(code: string | null): void;
}) {
  const { t } = useTranslation();
  const { verdict } = useSession();
  // Open and close VAs come from the same banks; the list is the server's (`data/list_va`).
  const vaBanks = useVaBanks('open', page.bankSelector === true);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {page.backTo && (
          <Button
            component={Link}
            to={page.backTo}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            data-testid="data-back"
          >
            {t('data.ui.back')}
          </Button>
        )}
        <Title order={2} data-testid="data-title">
          {t(page.titleKey)}
        </Title>
      </Group>
      <Group gap="sm">
        {page.bankSelector && (
          <Select
            w={220}
            aria-label={t('data.ui.bank')}
            data={[
              { value: '', label: t('data.ui.allBanks') },
              ...(vaBanks.data ?? []).map((b) => ({ value: b.kodeBank, label: b.namaBank })),
            ]}
            value={bank ?? ''}
            onChange={(v) => onBank(v || null)}
            allowDeselect={false}
            data-testid="bank-selector"
          />
        )}
        {page.addButton && verdict(page.addButton.requires) === 'allowed' && (
          <Button
            component={Link}
            to={page.addButton.to}
            leftSection={<IconPlus size={16} />}
            data-testid="data-add"
          >
            {t(page.addButton.labelKey)}
          </Button>
        )}
      </Group>
    </Group>
  );
}
