import { lazy, Suspense } from 'react';
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingPlus, IconChevronDown, IconKey, IconLogout, IconSwitchHorizontal, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_NAMES, can } from '@tankha/contracts';
import { initials } from '../../ui/format';
import { useCurrentUser } from '../current-user';
import { logout } from '../logout';
import { PATHS } from '../paths';

// The menu's modals (and @mantine/form with them) load when first opened, not with every page.
const ChangePasswordModal = lazy(async () => ({ default: (await import('./ChangePasswordModal')).ChangePasswordModal }));
const SwitchOrganizationModal = lazy(async () => ({ default: (await import('./SwitchOrganizationModal')).SwitchOrganizationModal }));
const AddOrganizationModal = lazy(async () => ({
  default: (await import('../../features/organization/AddOrganizationModal')).AddOrganizationModal,
}));

export function UserMenu() {
  const user = useCurrentUser();
  const [passwordOpened, password] = useDisclosure(false);
  const [switchOpened, switcher] = useDisclosure(false);
  const [addOpened, adder] = useDisclosure(false);
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="User menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar radius="xl" color="indigo" size="md">
                {initials(user.firstName, user.lastName)}
              </Avatar>
              {/* On a phone the avatar alone opens the menu: the name, role and chevron pushed it past the edge at 390 px. */}
              <Box visibleFrom="xs">
                <Text size="sm" fw={500} lh={1.2}>
                  {name}
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
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {name} · {ROLE_NAMES[user.roleId]}
          </Menu.Label>
          <Menu.Item component={Link} to={PATHS.myProfile} leftSection={<IconUser size={16} />}>
            My profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={password.open}>
            Change password
          </Menu.Item>
          {user.tenantCount > 1 && (
            <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={switcher.open}>
              Switch organization
            </Menu.Item>
          )}
          {can(user.roleId, 'org.create') && (
            <Menu.Item leftSection={<IconBuildingPlus size={16} />} onClick={adder.open}>
              Add Organization
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {passwordOpened && <ChangePasswordModal opened onClose={password.close} />}
        {switchOpened && <SwitchOrganizationModal opened onClose={switcher.close} />}
        {addOpened && <AddOrganizationModal opened onClose={adder.close} />}
      </Suspense>
    </>
  );
}
