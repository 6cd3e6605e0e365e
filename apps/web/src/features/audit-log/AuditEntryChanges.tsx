import { Code, Stack, Table, Text } from '@mantine/core';
import { monthLabel, type AuditEntryView } from '@tankha/contracts';

const show = (value: unknown): string => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** An entry's changed fields, one line each with the value before and after. */
export function AuditEntryChanges({ entry }: { entry: AuditEntryView }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <Stack gap={4}>
      {entry.reason && (
        <Text size="sm">
          <b>Reason:</b> {entry.reason}
        </Text>
      )}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No field values recorded.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table aria-label="Changed fields" withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f}>
                  <Table.Td>{f}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Code>{show(entry.before?.[f])}</Code>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Code>{show(entry.after?.[f])}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(entry.ip || entry.userAgent) && (
        <Text size="xs" c="dimmed">
          {[entry.ip, entry.userAgent].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

export const auditTimeText = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "Role change", "Bank file download": the action's words. */
export const actionLabel = (action: string) => words(action);

/** "Payroll run", "Bank details": the entity's words, written as the action's. */
export const entityLabel = (entity: string) => words(entity);

/** A PascalCase code in words, first letter capital: 'BankFileDownload' → 'Bank file download'. */
function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^(.)(.*)$/, (_, a: string, b: string) => a + b.toLowerCase());
}

/**
 * What the entry is about, in words: the entity, and the month for a payroll run's entries
 * ("Payroll run · Sep 2026"), since a log of Process / Finalize lines says little without it.
 */
export function entitySubject(entry: { entity: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }): string {
  const month = entry.after?.month ?? entry.before?.month;
  return typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? `${entityLabel(entry.entity)} · ${monthLabel(month)}` : entityLabel(entry.entity);
}
