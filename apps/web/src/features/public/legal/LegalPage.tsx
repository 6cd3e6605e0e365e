import type { ReactNode } from 'react';
import { Card, List, Stack, Text, Title } from '@mantine/core';
import { PublicPage } from '../PublicPage';

/** The date the policies were last changed; shown on each of them. */
export const POLICIES_UPDATED = '27 November 2026';

export interface LegalSection {
  heading: string;
  /** Paragraphs, then an optional list. */
  body: ReactNode[];
  list?: ReactNode[];
}

/** A policy page: title, date, an introduction, then numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <PublicPage title={title} lead={`Last updated: ${POLICIES_UPDATED}`}>
      <Card p={{ base: 'md', sm: 'xl' }} component="article" aria-label={title}>
        <Stack gap="lg">
          <Text>{intro}</Text>
          {sections.map((section, index) => (
            <Stack key={section.heading} gap="xs" component="section">
              <Title order={2} size="h4">
                {(index + 1).toString()}. {section.heading}
              </Title>
              {section.body.map((paragraph, i) => (
                <Text key={i} size="sm" lh={1.7}>
                  {paragraph}
                </Text>
              ))}
              {section.list && (
                <List size="sm" spacing={4} withPadding>
                  {section.list.map((item, i) => (
                    <List.Item key={i}>{item}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
    </PublicPage>
  );
}
