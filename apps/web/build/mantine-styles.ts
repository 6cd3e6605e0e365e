import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

/**
 * Mantine's stylesheet holds the rules of every component it has (295 KB) and of both colour schemes. The
 * app's first paint parses all of it, and every style recalculation matches against all of it. This keeps the
 * rules of the components the app can reach and of the light scheme only (MantineProvider forces it):
 * the result depends on the app's sources alone, so its file name's hash stays true (decision 0310).
 */

const CLASS = /m_[0-9a-f]{8}/g;
const DARK = /color-scheme=['"]?dark/;
const IMPORT_FROM = /import\s*\{([^}]*)\}\s*from\s*['"](@mantine\/[a-z]+)['"]/g;
const RELATIVE = /from\s*"(\.{1,2}\/[^"]+\.mjs)"/g;

/** Names an ES module imports from Mantine's packages, by package. */
function mantineImports(source: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [, names = '', pkg = ''] of source.matchAll(IMPORT_FROM)) {
    const set = found.get(pkg) ?? new Set<string>();
    for (const part of names.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name && !part.trim().startsWith('type ')) set.add(name);
    }
    found.set(pkg, set);
  }
  return found;
}

function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The Mantine class names (m_xxxxxxxx) the app can reach: from the names its sources import from @mantine/core
 * (and what @mantine/dates, notifications and tiptap import from it, when the app uses them), through Mantine's
 * own relative imports. More than the app shows, never less.
 */
export function reachableMantineClasses(sourceFiles: readonly string[], nodeModules: string): Set<string> {
  const core = path.join(nodeModules, '@mantine/core/esm');
  const index = fs.readFileSync(path.join(core, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names = '', from = ''] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const name of names.split(',')) {
      const [imported, local] = name.split(/\s+as\s+/).map((s) => s.trim());
      if (imported) fileOf.set(local ?? imported, path.join(core, from));
    }
  }
  const coreNames = new Set<string>();
  const otherPackages = new Set<string>();
  for (const file of sourceFiles) {
    for (const [pkg, names] of mantineImports(fs.readFileSync(file, 'utf8'))) {
      if (pkg === '@mantine/core') names.forEach((n) => coreNames.add(n));
      else otherPackages.add(pkg);
    }
  }
  for (const pkg of otherPackages) {
    const dir = path.join(nodeModules, pkg, 'esm');
    if (!fs.existsSync(dir)) continue;
    for (const file of filesUnder(dir, (n) => n.endsWith('.mjs'))) {
      mantineImports(fs.readFileSync(file, 'utf8')).get('@mantine/core')?.forEach((n) => coreNames.add(n));
    }
  }
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const name of coreNames) {
    // A name @mantine/core passes on from another package (RemoveScroll) has no Mantine rules.
    const file = fileOf.get(name);
    if (file) queue.push(file);
  }
  const classes = new Set<string>();
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const c of source.match(CLASS) ?? []) classes.add(c);
    for (const [, relative = ''] of source.matchAll(RELATIVE)) queue.push(path.resolve(path.dirname(file), relative));
  }
  return classes;
}

/** Mantine's CSS without the dark scheme's rules and without selectors naming classes outside `used`. */
export function pruneMantineCss(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !DARK.test(selector) && (selector.match(CLASS) ?? []).every((c) => used.has(c)));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  // At-rules (media queries, layers) left with no rules inside.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((at) => {
      if (at.nodes !== undefined && at.nodes.length === 0) {
        at.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
