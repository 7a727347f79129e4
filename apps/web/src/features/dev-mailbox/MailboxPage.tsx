import { devCalls } from '@gerbang/shared/contract/dev-calls';
import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '../../lib/api';

/** Demo-only mailbox: the mail outbox, newest first, refreshed every 3 s. Not a translated product page. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const mails = useQuery({
    ...callQuery(devCalls.mailbox, { limit: 50 }, { silent: true }),
    refetchInterval: 3000,
  });
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="center" mb="md">
        <Title order={2}>Dev mailbox</Title>
        <Anchor component={Link} to="/dev/simulator" data-testid="mailbox-simulator-link">
          {t('simulator.title')}
        </Anchor>
      </Group>
      <Stack>
        {(mails.data ?? []).map((mail) => (
          <Card key={mail.id} withBorder data-testid="mail">
            <Group justify="space-between">
              <Text fw={600}>{mail.subject}</Text>
              <Badge variant="light">{mail.kind}</Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {mail.to} · {new Date(mail.created_at).toLocaleString()}
            </Text>
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {mail.text}
            </Text>
          </Card>
        ))}
        {mails.data?.length === 0 && <Text c="dimmed">No mail yet.</Text>}
      </Stack>
    </Container>
  );
}
