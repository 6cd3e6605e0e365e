import { lazy, Suspense, type ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingPlus, IconKey, IconLogout, IconSwitchHorizontal, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_NAMES, can } from '@tankha/contracts';
import { useCurrentUser } from '../current-user';
import { logout } from '../logout';
import { PATHS } from '../paths';

// The menu's modals (and @mantine/form with them) load when first opened, not with every page.
const ChangePasswordModal = lazy(async () => ({ default: (await import('./ChangePasswordModal')).ChangePasswordModal }));
const SwitchOrganizationModal = lazy(async () => ({ default: (await import('./SwitchOrganizationModal')).SwitchOrganizationModal }));
const AddOrganizationModal = lazy(async () => ({
  default: (await import('../../features/organization/AddOrganizationModal')).AddOrganizationModal,
}));

/**
 * The user menu's dropdown and modals, loaded on the first click of its button (UserMenu): Menu, Popover and
 * floating-ui are not in a page's first load. It opens at once, since it mounts because of that click.
 */
export function UserMenuPopup({ trigger }: { trigger: ReactElement }) {
  const user = useCurrentUser();
  const [passwordOpened, password] = useDisclosure(false);
  const [switchOpened, switcher] = useDisclosure(false);
  const [addOpened, adder] = useDisclosure(false);
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal defaultOpened>
        <Menu.Target>
          {trigger}
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
