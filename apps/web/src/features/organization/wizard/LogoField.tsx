import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { MSG } from '@tankha/contracts';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_MIME_TYPES } from '@tankha/domain';

export const WIZARD_LOGO_HINT = 'PNG or JPG, max 5MB, recommended 512x512';

/** The wizard's logo rule (platform §5): gif, jpeg, png or jpg, at most 5 MB. */
export function wizardLogoError(file: File): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return LOGO_MESSAGES.badType(file.type || 'unknown');
  if (file.size > LOGO_MAX_BYTES) return MSG.wizardLogoTooLarge;
  return null;
}

interface LogoFieldProps {
  file: File | null;
  existingUrl: string | null;
  onChange: (file: File | null) => void;
}

export function LogoField({ file, existingUrl, onChange }: LogoFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const showPreview = (next: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(next ? URL.createObjectURL(next) : null);
  };

  const pick = (picked: File | null) => {
    if (!picked) return;
    const problem = wizardLogoError(picked);
    setError(problem);
    if (problem) return;
    showPreview(picked);
    onChange(picked);
  };

  const remove = () => {
    showPreview(null);
    onChange(null);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Organization logo (optional)
      </Text>
      <Group gap="md">
        <Avatar src={file ? preview : existingUrl} alt="Logo preview" size={64} radius="md" color="indigo" />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={LOGO_MIME_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />}>
                  Upload logo
                </Button>
              )}
            </FileButton>
            {file && (
              <Button variant="subtle" color="gray" size="xs" onClick={remove}>
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {file ? file.name : WIZARD_LOGO_HINT}
          </Text>
        </Stack>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
