import { useState } from 'react';
import { Avatar, FileButton, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@tankha/contracts';
import { LOGO_MAX_BYTES } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { organizationKey, uploadLogo } from './organization.api';
import { toastUnlessHandled } from '../../ui/kit/api-error-toast';

/** The organisation details page accepts these (platform §5), unlike the stricter branding screen. */
export const DETAILS_LOGO_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;

export function detailsLogoError(file: File): string | null {
  if (!(DETAILS_LOGO_TYPES as readonly string[]).includes(file.type)) return MSG.detailsLogoBadType;
  if (file.size > LOGO_MAX_BYTES) return MSG.detailsLogoTooLarge;
  return null;
}

/** The logo on the details page: click to pick a new one, uploaded at once. */
export function OrgLogoButton({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    const error = detailsLogoError(file);
    setProblem(error);
    if (error) return;
    setUploading(true);
    try {
      await uploadLogo(file);
      toast.success(MSG.logoUpdated);
      await queryClient.invalidateQueries({ queryKey: organizationKey(user.tenantId) });
    } catch (failure) {
      toastUnlessHandled(failure, MSG.failedUpdateLogo);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={4} align="center">
      <FileButton onChange={(file) => void pick(file)} accept={DETAILS_LOGO_TYPES.join(',')} inputProps={{ 'aria-label': 'Organization logo file' }}>
        {(props) => (
          <Tooltip label="Click to upload a new logo">
            <UnstyledButton {...props} aria-label="Change organization logo" disabled={uploading}>
              <Avatar src={logoUrl} alt={`${name} logo`} size={96} radius="md" color="indigo">
                {uploading ? <Loader size="sm" /> : name.charAt(0).toUpperCase()}
              </Avatar>
            </UnstyledButton>
          </Tooltip>
        )}
      </FileButton>
      {problem && (
        <Text size="sm" c="red" role="alert" maw={240} ta="center">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
