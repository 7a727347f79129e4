import { TOPUP_GUIDE_BANK_CODES, type UserVaItem } from '@gerbang/shared/contract/topup';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBook, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyWithDialog } from '../../lib/copy';
import { useUserVaList } from './useTopupLookups';

/** Spec 02 §2.5: QRIS is shown by the first word of its name. */
const displayBank = (item: UserVaItem) =>
  item.channel === 'QRIS' ? (item.bank.split(/\s+/)[0] ?? item.bank) : item.bank;

function Logo({ item }: { item: UserVaItem }) {
  if (item.url_image) return <Image src={item.url_image} alt="" w={80} h={32} fit="contain" />;
  return (
    <Badge size="lg" radius="sm" color="dark" variant="filled" w={80}>
      {displayBank(item)}
    </Badge>
  );
}

function VaCard({ item }: { item: UserVaItem }) {
  const { t } = useTranslation();
  const hasGuide = TOPUP_GUIDE_BANK_CODES.includes(item.kodeBank);
  const working = item.status_gangguan_va;
  return (
    <Card withBorder radius="md" p="md" data-testid={`va-item-${item.kodeBank}`}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Logo item={item} />
          <Text fw={600} size="sm" ta="right" data-testid="va-bank">
            {displayBank(item)}
          </Text>
        </Group>
        <Box>
          <Text size="xs" c="dimmed">
            {t('topup.va.number')}
          </Text>
          {working ? (
            <Group gap={4} wrap="nowrap">
              <Text ff="monospace" fw={700} size="lg" data-testid="va-number">
                {item.va_number}
              </Text>
              {item.va_number !== '-' && (
                <Tooltip label={t('topup.success.copy')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('topup.success.copy')}
                    onClick={() =>
                      void copyWithDialog(
                        item.va_number,
                        t('topup.success.copied', { what: t('topup.va.number') }),
                      )
                    }
                  >
                    <IconCopy size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ) : (
            <Badge color="red" variant="light" data-testid="va-disrupted">
              {t('topup.va.disrupted')}
            </Badge>
          )}
        </Box>
        <Box>
          <Text size="xs" c="dimmed">
            {t('topup.va.owner')}
          </Text>
          <Text size="sm" data-testid="va-owner">
            {item.nama_pemilik}
          </Text>
        </Box>
        {hasGuide && (
          <Button
            component={Link}
            to={`/topup/guide/${item.kodeBank}`}
            variant="light"
            size="xs"
            leftSection={<IconBook size={16} />}
            data-testid={`va-guide-${item.kodeBank}`}
          >
            {t('topup.va.guide')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function VaTab() {
  const { t } = useTranslation();
  const list = useUserVaList();
  if (list.isPending) return <Loader size="sm" />;
  if (list.isError) {
    return (
      <Alert color="red" data-testid="va-error">
        {t('topup.va.loadFailed')}
      </Alert>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="va-empty">
        {t('topup.va.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="va-list">
      {list.data.map((item) => (
        <VaCard key={item.kodeBank} item={item} />
      ))}
    </SimpleGrid>
  );
}
