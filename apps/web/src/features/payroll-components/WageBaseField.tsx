import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { StatutoryWageBase } from '@tankha/domain';
import { displayDate } from '../../ui/format';

const OPTIONS: { value: StatutoryWageBase; label: string }[] = [
  { value: 'codes', label: 'Labour codes wages' },
  { value: 'components', label: 'Marked components' },
];

const WHAT: Record<StatutoryWageBase, string> = {
  codes: 'Basic + DA + retaining allowance; the other allowances above 50% of the pay are added back (Code on Social Security s.2(88)).',
  components: 'The salary components marked for it, as before the labour codes.',
};

/**
 * The PF or ESI wage base with the day it was chosen ("Since 12 Nov 2026"). A SegmentedControl has no
 * label element of its own, so the text above it names it for screen readers.
 */
export function WageBaseField({ id, title, value, onChange, since, savedBase }: { id: string; title: string; value: string; onChange: (value: string) => void; since: string | null; savedBase: StatutoryWageBase }) {
  const base: StatutoryWageBase = value === 'codes' ? 'codes' : 'components';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {title}
      </Text>
      <SegmentedControl aria-labelledby={id} data={OPTIONS} value={base} onChange={onChange} fullWidth />
      <Text size="xs" c="dimmed">
        {WHAT[base]}
        {since && base === savedBase ? ` Since ${displayDate(since)}.` : base !== savedBase ? ' Takes effect from today when saved.' : ''}
      </Text>
    </Stack>
  );
}
