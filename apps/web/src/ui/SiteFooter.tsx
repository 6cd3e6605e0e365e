import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface SiteLink {
  label: string;
  to: string;
}

interface SiteFooterProps {
  links: readonly SiteLink[];
  /** Centred under the sign-in card; spread out at the foot of the public pages. */
  align?: 'center' | 'spread';
}

/** The links to the public pages (pricing, about, contact, policies) and the copyright line. */
export function SiteFooter({ links, align = 'center' }: SiteFooterProps) {
  const year = new Date().getFullYear();
  const list = (
    <Group component="ul" gap="md" justify="center" m={0} p={0} style={{ listStyle: 'none', rowGap: 4 }}>
      {links.map((link) => (
        <li key={link.to}>
          <Anchor component={Link} to={link.to} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        </li>
      ))}
    </Group>
  );
  const copyright = (
    <Text size="xs" c="dimmed">
      © {year.toString()} Tankha. Made in India.
    </Text>
  );
  if (align === 'spread') {
    return (
      <Group component="nav" aria-label="Site" justify="space-between" align="center" gap="sm">
        {copyright}
        {list}
      </Group>
    );
  }
  return (
    <Stack component="nav" aria-label="Site" gap={6} align="center">
      {list}
      {copyright}
    </Stack>
  );
}
