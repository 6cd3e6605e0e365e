// `npm run lint`: fails on any import cycle in our sources (closed by a type-only or dynamic import too: they
// still tie the files together), and prints the measure with --report (docs/decisions/).
import path from 'node:path';
import { buildGraph, findCycles, findUpwardImports, listSources, shortestCycle } from './import-graph';

const rootDir = path.resolve(import.meta.dirname, '..');
const ROOTS = ['packages/domain/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench/src', 'scripts'].map((r) => path.join(rootDir, r));
const server = (folder: string): string => path.join(rootDir, 'apps/server/src', folder);

const edges = buildGraph(listSources(ROOTS));
const rel = (file: string): string => path.relative(rootDir, file);
const cycles = findCycles(edges);
const runtimeCycles = findCycles(edges, { runtimeOnly: true });

if (process.argv.includes('--report')) {
  // The ground floor (db/, platform/) reaching up into anything else of the server's.
  const upward = findUpwardImports(edges, [server('db'), server('platform')], [server('')]);
  console.log(`files: ${new Set(edges.flatMap((e) => [e.from, e.to])).size.toString()}, relative imports: ${edges.length.toString()}`);
  console.log(`upward imports from db/ and platform/: ${upward.length.toString()} (${upward.filter((e) => e.typeOnly).length.toString()} type-only; ${upward.filter((e) => !e.from.includes(".test.")).length.toString()} outside tests, ${upward.filter((e) => e.to.startsWith(server("modules"))).length.toString()} into modules/)`);
  for (const e of upward) console.log(`  ${rel(e.from)} -> ${rel(e.to)}${e.typeOnly ? ' (type)' : ''}`);
  console.log(`cycles: ${cycles.length.toString()} (${runtimeCycles.length.toString()} left at load time, once type-only and dynamic imports are left out)`);
  for (const c of cycles) console.log(`  ${c.map(rel).join(' <-> ')}`);
}

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length.toString()}): move the shared part into its own file, or inject the dependency.`);
  for (const c of cycles) {
    const files = c.length > 6 ? `${c.slice(0, 6).map(rel).join(', ')} and ${(c.length - 6).toString()} more` : c.map(rel).join(', ');
    console.error(`  ${c.length.toString()} files (${files}), e.g. ${shortestCycle(edges, c).map(rel).join(' -> ')}`);
  }
  process.exit(1);
}
console.log(`imports: no cycles among ${edges.length.toString()} relative imports.`);
