import { Group, Text } from '@mantine/core';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={30} height={30} />
      <Text fw={800} size="lg" c="blue.8">
        Gerbang
      </Text>
    </Group>
  );
}
