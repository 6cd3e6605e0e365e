import type { ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/usePageTitle';

interface PublicPageProps {
  /** The page's heading and the browser tab's title. */
  title: string;
  lead?: ReactNode;
  /** Narrow for reading (policies), wide for cards (pricing). */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** One public page: a heading band, then the content in a centred column. */
export function PublicPage({ title, lead, size = 'md', children }: PublicPageProps) {
  usePageTitle(title);
  return (
    <>
      <Box bg="white" py={{ base: 32, sm: 48 }} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={size}>
          <Stack gap="xs" align="center" ta="center">
            <Title order={1} fz={{ base: 28, sm: 38 }}>
              {title}
            </Title>
            {lead && (
              <Text c="dimmed" size="lg" maw={640}>
                {lead}
              </Text>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size={size} py={{ base: 'lg', sm: 40 }}>
        {children}
      </Container>
    </>
  );
}
