import { Card, SimpleGrid, Text, Title, type SimpleGridProps } from '@mantine/core';

export interface DetailRow {
  label: string;
  value: string;
}

/** A titled card of label/value pairs: organisation details, my details, profile sections. */
export function DetailsCard({ title, rows, cols = { base: 1, sm: 2, md: 3 } }: { title: string; rows: DetailRow[]; cols?: SimpleGridProps['cols'] }) {
  return (
    <Card component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={cols} spacing="sm">
        {rows.map((row) => (
          <div key={row.label}>
            <Text size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {row.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
