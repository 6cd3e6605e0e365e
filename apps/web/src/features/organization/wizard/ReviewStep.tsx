import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { BUSINESS_TYPE_LABELS, INDUSTRY_LABELS, type BusinessType, type Industry } from '@tankha/contracts';
import { displayText } from '../../../ui/format';
import type { Wizard } from './useWizard';
import { WIZARD_TABS, type WizardTabKey } from './wizard-rules';

interface Row {
  label: string;
  value: string;
}

function Section({ title, rows, onEdit }: { title: string; rows: Row[]; onEdit: () => void }) {
  return (
    <Card padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rows.map((row) => (
          <div key={row.label}>
            <Text size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {displayText(row.value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

/** Everything entered, with an Edit link per section. */
export function ReviewStep({ wizard, logoName }: { wizard: Wizard; logoName: string | null }) {
  const v = wizard.values;
  const sections: { tab: WizardTabKey; rows: Row[] }[] = [
    {
      tab: 'basicInfo',
      rows: [
        { label: 'Organization name', value: v.tenantName },
        { label: 'Address', value: v.address },
        { label: 'Logo', value: logoName ?? '' },
      ],
    },
    {
      tab: 'businessDetails',
      rows: [
        { label: 'Business type', value: v.businessType ? BUSINESS_TYPE_LABELS[v.businessType as BusinessType] : '' },
        { label: 'Legal company name', value: v.legalCompanyName },
        { label: 'Industry', value: v.industry ? INDUSTRY_LABELS[v.industry as Industry] : '' },
        { label: 'Team size', value: v.teamSize ? `${v.teamSize} employees` : '' },
      ],
    },
    {
      tab: 'taxRegistration',
      rows: [
        { label: 'PAN', value: v.pan },
        { label: 'TAN', value: v.tan },
        { label: 'GST number', value: v.gstNumber },
        { label: 'CIN', value: v.cinNumber },
        { label: 'LLPIN', value: v.llpinNumber },
      ],
    },
    {
      tab: 'settings',
      rows: [
        { label: 'Working hours per day', value: String(v.workingHours) },
        { label: 'Weekly days off', value: v.weekDaysOff.join(', ') },
      ],
    },
  ];
  return (
    <Stack>
      {sections.map(({ tab, rows }) => {
        const index = WIZARD_TABS.findIndex((t) => t.key === tab);
        return <Section key={tab} title={WIZARD_TABS[index]?.label ?? tab} rows={rows} onEdit={() => wizard.goTo(index)} />;
      })}
    </Stack>
  );
}
