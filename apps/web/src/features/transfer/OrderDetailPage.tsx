import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderView } from './OrderView';
import { useOrder } from './useOrder';

/** `/transaction/transfer/detail/{id}` (spec 02 §2.6): one of the user's transfer orders. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <Stack maw={820} mx="auto" gap="md" data-testid="order-detail-page">
      <Stack gap={4} align="flex-start">
        <Button
          component={Link}
          to="/transaction/transfer"
          variant="subtle"
          px={6}
          leftSection={<IconArrowLeft size={18} />}
          data-testid="order-back"
        >
          {t('transfer.back')}
        </Button>
        <Title order={2}>{t('transfer.title')}</Title>
      </Stack>
      {order.isLoading && <Loader />}
      {order.error && (
        <Alert color="red" data-testid="order-error">
          {order.error.message}
        </Alert>
      )}
      {order.data && <OrderView order={order.data} />}
    </Stack>
  );
}
