import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCurrencyRupee } from '@tabler/icons-react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the card: the login and register pages link the public pages here. */
  footer?: ReactNode;
}

/** The frame of the public account pages: brand on top, one card in the middle. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={440} gap="lg">
        <Group justify="center" gap="xs">
          <ThemeIcon size="lg" radius="md" aria-hidden>
            <IconCurrencyRupee size={20} />
          </ThemeIcon>
          <Text fw={700} size="xl">
            Tankha
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer}
      </Stack>
    </Center>
  );
}
