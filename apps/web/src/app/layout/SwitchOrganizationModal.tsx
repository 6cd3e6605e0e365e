import { Modal } from '@mantine/core';
import { navigateTo } from '../navigation';
import { PATHS } from '../paths';
import { OrganizationChoiceList } from './OrganizationChoiceList';

/** User menu → Switch organization: GET /Account/tenants, then POST /Account/select-tenant. */
export function SwitchOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Switch organization" centered>
      <OrganizationChoiceList
        current="badge"
        onChosen={() => {
          onClose();
          void navigateTo(PATHS.home, { replace: true });
        }}
      />
    </Modal>
  );
}
