import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface StatusScreenProps {
  icon: ReactNode;
  color?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Full viewport height (public pages) or content height (inside the app shell). */
  fullPage?: boolean;
}

/** A centred message with an icon: 403, restricted, not found, offline and the access screens. */
export function StatusScreen({ icon, color = 'indigo', title, children, actions, fullPage = false }: StatusScreenProps) {
  return (
    <Center mih={fullPage ? '100vh' : 420} p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2}>{title}</Title>
          {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
