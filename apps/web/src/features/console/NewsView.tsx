import type { NewsArticle } from '@gerbang/shared/contract/console';
import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { consoleApi, consoleQuery } from './consoleApi';
import { may, type StaffView } from './types';

const EMPTY = { title: '', category_id: '1598', foto: '', konten: '' };

/**
 * News articles: written here, sanitised by the server, shown by the dashboard and
 * /news/{id} once published.
 */
export function NewsView({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const list = useQuery(consoleQuery(consoleCalls.news));
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState(EMPTY);
  const canUpdate = may(staff, 'console_content', 'UPDATE');
  async function save() {
    const res = editing
      ? await consoleApi.call(consoleCalls.updateNews, form, { params: { id: editing } })
      : await consoleApi.call(consoleCalls.createNews, form);
    if (res.rc !== '00') return showErrorDialog(res.rd);
    showInfoDialog(res.rd);
    setEditing(null);
    setForm(EMPTY);
    await list.refetch();
  }
  async function publish(a: NewsArticle) {
    const res = await consoleApi.call(
      consoleCalls.publishNews,
      { published: !a.is_published },
      { params: { id: a.id } },
    );
    if (res.rc !== '00') showErrorDialog(res.rd);
    await list.refetch();
  }
  return (
    <Stack>
      {canUpdate && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={5}>{editing ? t('console.news.edit') : t('console.news.new')}</Title>
            <TextInput
              label={t('console.news.titleField')}
              value={form.title}
              onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
              data-testid="console-news-title"
            />
            <Select
              label={t('console.news.category')}
              value={form.category_id}
              onChange={(v) => setForm({ ...form, category_id: v ?? '1598' })}
              data={[
                { value: '1598', label: t('console.news.categoryPartners') },
                { value: '1588', label: t('console.news.categoryAgents') },
              ]}
              allowDeselect={false}
            />
            <TextInput
              label={t('console.news.foto')}
              value={form.foto}
              onChange={(e) => setForm({ ...form, foto: e.currentTarget.value })}
            />
            <Textarea
              label={t('console.news.body')}
              autosize
              minRows={6}
              value={form.konten}
              onChange={(e) => setForm({ ...form, konten: e.currentTarget.value })}
              data-testid="console-news-body"
            />
            <Group>
              <Button onClick={save} data-testid="console-news-save">
                {t('console.news.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Tbody>
            {(list.data ?? []).map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text fw={600}>{a.title}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={a.is_published ? 'teal' : 'gray'}>
                    {a.is_published ? t('console.news.published') : t('console.news.draft')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canUpdate && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setEditing(a.id);
                          setForm({
                            title: a.title,
                            category_id: String(a.category_id),
                            foto: a.foto,
                            konten: a.konten,
                          });
                        }}
                      >
                        {t('console.news.edit')}
                      </Button>
                      <Button
                        size="xs"
                        onClick={() => void publish(a)}
                        data-testid={`console-news-publish-${a.id}`}
                      >
                        {a.is_published ? t('console.news.unpublish') : t('console.news.publish')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
