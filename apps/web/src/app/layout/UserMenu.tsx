import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { ROLE_NAMES } from '@tankha/contracts';
import { initials } from '../../ui/format';
import { useCurrentUser } from '../current-user';

const loadPopup = () => import('./UserMenuPopup');
// The menu itself (Menu, Popover, floating-ui, the modals) loads on the first click, not with every page.
const UserMenuPopup = lazy(async () => ({ default: (await loadPopup()).UserMenuPopup }));

/** The header's avatar button; its props reach the button (Menu.Target adds its own). */
function UserMenuButton(props: ComponentProps<'button'>) {
  const user = useCurrentUser();
  return (
    <UnstyledButton aria-label="User menu" aria-haspopup="menu" {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar radius="xl" color="indigo" size="md">
          {initials(user.firstName, user.lastName)}
        </Avatar>
        {/* On a phone the avatar alone opens the menu: the name, role and chevron pushed it past the edge at 390 px. */}
        <Box visibleFrom="xs">
          <Text size="sm" fw={500} lh={1.2}>
            {`${user.firstName} ${user.lastName}`}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {ROLE_NAMES[user.roleId]}
          </Text>
        </Box>
        <Box visibleFrom="xs" display="flex">
          <IconChevronDown size={14} aria-hidden />
        </Box>
      </Group>
    </UnstyledButton>
  );
}

export function UserMenu() {
  const [wanted, setWanted] = useState(false);
  // Pointing at or focusing the button starts the download, so the click rarely waits.
  const prefetch = () => void loadPopup();
  const placeholder = <UserMenuButton onClick={() => setWanted(true)} onPointerEnter={prefetch} onFocus={prefetch} aria-expanded={false} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuPopup trigger={<UserMenuButton />} />
    </Suspense>
  );
}
