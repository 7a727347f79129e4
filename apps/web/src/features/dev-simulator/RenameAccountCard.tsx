import { RC } from '@gerbang/shared';
import { devCalls } from '@gerbang/shared/contract/dev-calls';
import { BANKS } from '@gerbang/shared/domain/banks';
import { EWALLET_PRODUCTS } from '@gerbang/shared/domain/products';
import {
  Alert,
  Button,
  Card,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';

type Kind = 'BANK' | 'VA' | 'EWALLET';

/**
 * Renames a simulated account: the bank's inquiry answers the new name from now on, so a
 * saved beneficiary's next payout is held for a name mismatch. Empty name: the account's own again.
 */
export function RenameAccountCard() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('BANK');
  const [code, setCode] = useState('');
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; rd: string } | null>(null);
  const options =
    kind === 'EWALLET'
      ? EWALLET_PRODUCTS.map((p) => ({ value: p.id_produk, label: p.nama_produk }))
      : BANKS.map((b) => ({ value: b.kodebank, label: `${b.kodebank} - ${b.namabank}` }));
  const rename = async () => {
    const res = await client.call(
      devCalls.simulatorRenameAccount,
      { kind, code, account_number: number, name },
      { silent: true },
    );
    setAnswer({ ok: res.rc === RC.OK, rd: res.rd });
  };
  return (
    <Card withBorder radius="md" p="lg" data-testid="simulator-rename">
      <Stack gap="sm">
        <Title order={4}>{t('simulator.rename.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('simulator.rename.hint')}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setCode('');
          }}
          data={[
            { value: 'BANK', label: 'Bank' },
            { value: 'VA', label: 'VA' },
            { value: 'EWALLET', label: 'E-wallet' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            data={options}
            value={code || null}
            onChange={(value) => setCode(value ?? '')}
            searchable
            aria-label={t('simulator.rename.code')}
            placeholder={t('simulator.rename.code')}
            data-testid="simulator-rename-code"
          />
          <TextInput
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            placeholder={t('simulator.rename.number')}
            aria-label={t('simulator.rename.number')}
            data-testid="simulator-rename-number"
          />
        </SimpleGrid>
        <TextInput
          label={t('simulator.rename.newName')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="simulator-rename-name"
        />
        <Button onClick={() => void rename()} data-testid="simulator-rename-submit">
          {t('simulator.rename.submit')}
        </Button>
        {answer && (
          <Alert
            color={answer.ok ? 'green' : 'orange'}
            icon={answer.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            data-testid="simulator-rename-message"
          >
            {answer.rd}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
