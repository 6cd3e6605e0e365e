import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { OrganizationWizard } from './wizard/OrganizationWizard';
import { emptyWizardValues } from './wizard/wizard-rules';

/** User menu → Add Organization: the setup wizard as an overlay, creating a new organisation. */
export function AddOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const onFinished = () => {
    // The new organisation shows up in 'Switch organization' and in the stored tenant count.
    void queryClient.invalidateQueries({ queryKey: ['account-tenants'] });
    void queryClient.invalidateQueries({ queryKey: ['session-refresh'] });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} size="xl" padding={0} aria-label="Add Organization">
      <OrganizationWizard mode="create" initialValues={emptyWizardValues()} onClose={onClose} onFinished={onFinished} />
    </Modal>
  );
}
