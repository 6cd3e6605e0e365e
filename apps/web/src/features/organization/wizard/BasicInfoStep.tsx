import { Stack, TextInput, Textarea } from '@mantine/core';
import { LogoField } from './LogoField';
import type { Wizard } from './useWizard';

interface BasicInfoStepProps {
  wizard: Wizard;
  logo: File | null;
  existingLogoUrl: string | null;
  onLogoChange: (file: File | null) => void;
}

export function BasicInfoStep({ wizard, logo, existingLogoUrl, onLogoChange }: BasicInfoStepProps) {
  return (
    <Stack>
      <TextInput
        label="Organization name"
        required
        value={wizard.values.tenantName}
        onChange={(e) => wizard.setText('tenantName', e.currentTarget.value)}
        onBlur={() => wizard.touch('tenantName')}
        error={wizard.errorOf('tenantName')}
      />
      <Textarea
        label="Address"
        required
        autosize
        minRows={3}
        value={wizard.values.address}
        onChange={(e) => wizard.setText('address', e.currentTarget.value)}
        onBlur={() => wizard.touch('address')}
        error={wizard.errorOf('address')}
      />
      <LogoField file={logo} existingUrl={existingLogoUrl} onChange={onLogoChange} />
    </Stack>
  );
}
