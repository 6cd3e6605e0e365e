import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IDENTIFIER_RULES, type IdentifierKind } from '@tankha/domain';
import type { Wizard } from './useWizard';

type IdentifierField = 'pan' | 'tan' | 'gstNumber' | 'cinNumber' | 'llpinNumber';

const IDENTIFIERS: { field: IdentifierField; kind: IdentifierKind; label: string; required?: boolean }[] = [
  { field: 'pan', kind: 'pan', label: 'PAN', required: true },
  { field: 'tan', kind: 'tan', label: 'TAN' },
  { field: 'gstNumber', kind: 'gst', label: 'GST number' },
  { field: 'cinNumber', kind: 'cin', label: 'CIN' },
  { field: 'llpinNumber', kind: 'llpin', label: 'LLPIN' },
];

/** Tax identifiers, upper-cased as typed and checked against the domain patterns. Only PAN is required. */
export function TaxRegistrationStep({ wizard }: { wizard: Wizard }) {
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Only PAN is required. You can add the other registrations later.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {IDENTIFIERS.map(({ field, kind, label, required }) => (
          <TextInput
            key={field}
            label={label}
            required={required}
            placeholder={IDENTIFIER_RULES[kind].sample}
            value={wizard.values[field]}
            onChange={(e) => wizard.setText(field, e.currentTarget.value)}
            onBlur={() => wizard.touch(field)}
            error={wizard.errorOf(field)}
            autoComplete="off"
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
