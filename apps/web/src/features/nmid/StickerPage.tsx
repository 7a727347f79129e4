import { nmidCalls } from '@gerbang/shared/contract/nmid-calls';
import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callUrl } from '../../lib/api';

/**
 * The approved NMID's static QRIS sticker: the PNG the server draws, with PNG and
 * PDF downloads. The server answers only the owner's approved request.
 */
export default function StickerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const safeId = /^\d{1,10}$/.test(id) ? id : '0';
  const url = (format: 'png' | 'pdf') => callUrl(nmidCalls.sticker, { id: safeId, format });
  return (
    <Stack maw={520}>
      <Title order={3}>{t('nmid.stickerTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('nmid.stickerHint')}
      </Text>
      <Card withBorder>
        <Stack align="center">
          <Image src={url('png')} alt={t('nmid.sticker')} maw={320} data-testid="nmid-sticker" />
          <Group>
            <Button component="a" href={url('png')} download data-testid="nmid-sticker-png">
              {t('nmid.downloadPng')}
            </Button>
            <Button
              component="a"
              href={url('pdf')}
              download
              variant="light"
              data-testid="nmid-sticker-pdf"
            >
              {t('nmid.downloadPdf')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Anchor component={Link} to="/data/nmid">
        ← {t('nmid.back')}
      </Anchor>
    </Stack>
  );
}
