import { Select, Stack, Text, TextInput } from '@mantine/core';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, INDUSTRIES, INDUSTRY_LABELS, TEAM_SIZES } from '@tankha/contracts';
import type { Wizard } from './useWizard';

const businessTypeOptions = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));
const industryOptions = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));
const teamSizeOptions = TEAM_SIZES.map((value) => ({ value, label: `${value} employees` }));

/** Two sub-steps: business type and legal name, then industry and team size. */
export function BusinessDetailsStep({ wizard }: { wizard: Wizard }) {
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Step {wizard.subStep + 1} of 2
      </Text>
      {wizard.subStep === 0 ? (
        <>
          <Select
            label="Business type"
            placeholder="Select business type"
            required
            data={businessTypeOptions}
            value={wizard.values.businessType || null}
            onChange={(value) => wizard.setText('businessType', value ?? '')}
            onBlur={() => wizard.touch('businessType')}
            error={wizard.errorOf('businessType')}
          />
          <TextInput
            label="Legal company name"
            required
            value={wizard.values.legalCompanyName}
            onChange={(e) => wizard.setText('legalCompanyName', e.currentTarget.value)}
            onBlur={() => wizard.touch('legalCompanyName')}
            error={wizard.errorOf('legalCompanyName')}
          />
        </>
      ) : (
        <>
          <Select
            label="Industry"
            placeholder="Select industry"
            required
            data={industryOptions}
            value={wizard.values.industry || null}
            onChange={(value) => wizard.setText('industry', value ?? '')}
            onBlur={() => wizard.touch('industry')}
            error={wizard.errorOf('industry')}
          />
          <Select
            label="Team size"
            placeholder="Select team size"
            required
            data={teamSizeOptions}
            value={wizard.values.teamSize || null}
            onChange={(value) => wizard.setText('teamSize', value ?? '')}
            onBlur={() => wizard.touch('teamSize')}
            error={wizard.errorOf('teamSize')}
          />
        </>
      )}
    </Stack>
  );
}
