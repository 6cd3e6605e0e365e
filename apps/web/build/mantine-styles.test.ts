import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneMantineCss, reachableMantineClasses } from './mantine-styles';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../../node_modules');
// Class names from @mantine/core's own modules (Badge.module.mjs, Input.module.mjs, SegmentedControl.module.mjs).
const BADGE_ROOT = 'm_347db0ec';
const INPUT_WRAPPER = 'm_6c018570';
const SEGMENTED_ROOT = 'm_cf365364';

function sourcesImporting(code: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mantine-styles-'));
  const file = path.join(dir, 'Page.tsx');
  fs.writeFileSync(file, code);
  return [file];
}

describe('reachableMantineClasses', () => {
  it("a component's own classes, and those of the components it uses inside (Select: the input's)", () => {
    const badge = reachableMantineClasses(sourcesImporting("import { Badge } from '@mantine/core';"), NODE_MODULES);
    expect(badge.has(BADGE_ROOT)).toBe(true);
    expect(badge.has(SEGMENTED_ROOT)).toBe(false);
    expect(badge.has(INPUT_WRAPPER)).toBe(false);
    const select = reachableMantineClasses(sourcesImporting("import {\n  Select,\n  type SelectProps,\n} from '@mantine/core';"), NODE_MODULES);
    expect(select.has(INPUT_WRAPPER)).toBe(true);
  });

  it("what @mantine/dates uses of @mantine/core when the app imports from it (DatePickerInput's input)", () => {
    const dates = reachableMantineClasses(sourcesImporting("import { DatePickerInput } from '@mantine/dates';"), NODE_MODULES);
    expect(dates.has(INPUT_WRAPPER)).toBe(true);
  });
});

describe('pruneMantineCss', () => {
  const used = new Set(['m_00000001']);
  it('keeps rules of used classes and rules without classes, light scheme only', () => {
    const css = [
      ':root{--a:1}',
      ":root[data-mantine-color-scheme='dark'],:host([data-mantine-color-scheme=dark]){--a:2}",
      '.m_00000001{color:red}',
      '.m_00000002{color:blue}',
      '.m_00000001,.m_00000002 .m_00000001{margin:0}',
      ":where([data-mantine-color-scheme='dark']) .m_00000001{color:white}",
      '@media (max-width:10em){.m_00000002{display:none}}',
      '@media (max-width:20em){.m_00000001{display:block}}',
    ].join('\n');
    expect(pruneMantineCss(css, used).replace(/\s+/g, '')).toBe(
      [':root{--a:1}', '.m_00000001{color:red}', '.m_00000001{margin:0}', '@media(max-width:20em){.m_00000001{display:block}}'].join(''),
    );
  });
});
