import { FormAlert } from '../../ui/FormAlert';
import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updatePasswordSchema, type UpdatePassword } from '@tankha/contracts';
import { applyFieldErrors } from '../../ui/server-errors';
import { ApiError, api, errorMessage } from '../api';
import { toast } from '../toast';

export const PASSWORD_UPDATED = 'Password updated successfully.';

/** User menu → Change password: POST /Account/update-password. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UpdatePassword>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(updatePasswordSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await api.send('POST', '/Account/update-password', values, { quiet: true });
      toast.success(PASSWORD_UPDATED);
      close();
    } catch (error) {
      if (error instanceof ApiError && (error.handled || applyFieldErrors(Object.keys(form.values), error.errors, form.setErrors))) return;
      setFailure(errorMessage(error, 'Could not update the password. Please try again.'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={failure} />
          <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
