// `npm run lint`: fails when a production dependency of what we ship declares an engines.node that
// does not contain the range we declare (root package.json), or when the Node we pin is outside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { collectInstalled, findEngineOffenders, type LsNode } from './engines';

/** The workspaces whose production dependencies are installed with the product; e2e and bench are not. */
const SHIPPED_WORKSPACES = ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web'];

const rootDir = path.resolve(import.meta.dirname, '..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const root = readJson(path.join(rootDir, 'package.json')) as { engines?: { node?: string }; devDependencies?: Record<string, string> };

const ours = root.engines?.node;
if (ours === undefined) {
  console.error('package.json declares no engines.node.');
  process.exit(1);
}
const problems: string[] = [];
const pinnedNode = root.devDependencies?.node;
if (pinnedNode !== undefined && !semver.satisfies(pinnedNode, ours)) {
  problems.push(`The Node we run (devDependencies.node ${pinnedNode}) is outside our engines.node "${ours}".`);
}

// npm ls exits non-zero on problems it also prints in the JSON (an extraneous package, say); the tree is still whole.
let lsOutput: string;
try {
  lsOutput = execFileSync('npm', ['ls', '--omit=dev', '--all', '--json', '--long', ...SHIPPED_WORKSPACES.flatMap((w) => ['-w', w])], {
    cwd: rootDir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch (error) {
  lsOutput = (error as { stdout?: string }).stdout ?? '';
}
const tree = JSON.parse(lsOutput) as LsNode;

const installed = collectInstalled(tree, (installPath) => (readJson(path.join(installPath, 'package.json')).engines as { node?: unknown } | undefined)?.node);
for (const { id, enginesNode, chains } of findEngineOffenders(ours, installed)) {
  const [first = [], ...others] = chains;
  problems.push(
    `${id} declares engines.node "${enginesNode}": ${first.join(' > ')}${others.length > 0 ? ` (and ${others.length.toString()} other paths)` : ''}`,
  );
}

if (problems.length > 0) {
  console.error(`Production dependencies must accept our engines.node "${ours}":`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
const packages = new Set(installed.map((p) => p.id)).size;
console.log(`engines: all ${packages.toString()} production packages accept Node "${ours}".`);
