import { useRef, useState } from 'react';
import { Alert, Button, Card, Center, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@tankha/contracts';
import { LOGO_MESSAGES, LOGO_MIME_TYPES, checkLogoDimensions, checkLogoFile, type LogoCheck } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { readImageDimensions } from './image-dimensions';
import { organizationKey, uploadLogo, useOrganization } from './organization.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

/** Name, type and size first; then the decoded dimensions. */
export async function validateLogo(file: File | null): Promise<LogoCheck> {
  const basic = checkLogoFile(file && { name: file.name, sizeBytes: file.size, mimeType: file.type });
  if (!basic.ok || !file) return basic;
  const dimensions = checkLogoDimensions(await readImageDimensions(file));
  return dimensions.ok ? basic : dimensions;
}

function CurrentLogo({ url }: { url: string | null }) {
  return (
    <Card>
      <Title order={3} size="h5" mb="sm">
        Current logo
      </Title>
      <Center h={160} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
        {url ? (
          <Image src={url} alt="Current organization logo" mah={140} maw={280} fit="contain" />
        ) : (
          <Stack align="center" gap={4} c="dimmed">
            <IconPhoto size={32} aria-hidden />
            <Text size="sm">No logo uploaded yet</Text>
          </Stack>
        )}
      </Center>
    </Card>
  );
}

/** /org/logo-branding: preview, pick, validate, upload. */
export function LogoBrandingPage() {
  const user = useCurrentUser();
  const org = useOrganization();
  const queryClient = useQueryClient();
  const resetRef = useRef<() => void>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<LogoCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [uploading, setUploading] = useState(false);

  const reset = () => {
    setFile(null);
    setCheck(null);
    resetRef.current?.();
  };

  const select = async (picked: File | null) => {
    setFile(picked);
    setChecking(true);
    setCheck(await validateLogo(picked));
    setChecking(false);
  };

  const upload = async () => {
    if (!file || !check?.ok) {
      setCheck({ ok: false, message: LOGO_MESSAGES.selectFirst });
      return;
    }
    setUploading(true);
    try {
      await uploadLogo(file);
      toast.success(MSG.logoUploaded);
      reset();
      await queryClient.invalidateQueries({ queryKey: organizationKey(user.tenantId) });
    } catch (error) {
      toastApiError(error, MSG.logoUploadFailed);
    } finally {
      setUploading(false);
    }
  };

  if (org.isPending) return <PageLoader label="Loading organization" />;
  if (org.isError) return <ErrorState message={MSG.failedFetchTenant} onRetry={() => void org.refetch()} />;

  return (
    <Stack>
      <CurrentLogo url={org.data.logoUrl} />
      <Card>
        <Stack>
          <div>
            <Title order={3} size="h5">
              Upload a new logo
            </Title>
            <Text size="sm" c="dimmed">
              GIF, JPEG, JPG or PNG, up to 5MB, between 50x50 and 2048x2048 pixels.
            </Text>
          </div>
          <Group>
            <FileButton resetRef={resetRef} onChange={(picked) => void select(picked)} accept={LOGO_MIME_TYPES.join(',')} inputProps={{ 'aria-label': 'Logo file' }}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} />}>
                  Choose file
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {file ? file.name : 'No file chosen'}
            </Text>
          </Group>
          {checking && <Text size="sm">Checking the image…</Text>}
          {!checking && check && (
            <Alert color={check.ok ? 'teal' : 'red'} variant="light" role={check.ok ? 'status' : 'alert'}>
              {check.message}
            </Alert>
          )}
          <Group>
            <Button leftSection={<IconUpload size={16} />} onClick={() => void upload()} loading={uploading} disabled={checking}>
              Upload Logo
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
