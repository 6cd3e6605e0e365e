#!/usr/bin/env node
/**
 * `npm test`: every layer of the test pyramid, one after the other (unit, integration, browser),
 * then one closing table: per layer the tests that passed, failed and were skipped, how many it
 * passed before the suite was made fast (scripts/test-floor.json, which also holds the count a layer
 * must not fall below, and why, where that differs), and the time it took. The last line is `N passed, N failed` over every layer.
 *
 * `node scripts/test.mjs unit integration` runs only those layers. Every layer runs even when an
 * earlier one failed; the exit code is 1 when any test failed, a runner failed or wrote no results, or (with CI set)
 * a layer that ran counted fewer passing tests than its floor.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const floor = JSON.parse(fs.readFileSync(path.join(root, 'scripts/test-floor.json'), 'utf8'));
const summaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-test-summary-'));

const vitest = (projects, file, extra = []) => ({
  command: 'npx',
  args: ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra, '--reporter=default', '--reporter=./scripts/layer-reporter.mjs'],
  env: { TEST_LAYER_SUMMARY: file },
});

/** Each layer: how to run it, and how to read its counts (one row per database for integration). */
const LAYERS = {
  unit: {
    ...vitest(['domain', 'contracts', 'scripts', 'web', 'server-unit'], path.join(summaryDir, 'unit.json')),
    rows: (summary) => [{ row: 'unit', ...sum(Object.values(summary.projects)) }],
  },
  integration: {
    // Three files at a time on two cores: some tests wait on real time (a per-minute schedule across two
    // processes, a killed server's restart), and a third file uses the core they leave idle (318 → 300 s).
    ...vitest(['integration-*'], path.join(summaryDir, 'integration.json'), ['--maxWorkers=3']),
    rows: (summary) => [
      { row: 'integration on PGlite', ...sum([summary.projects['integration-pglite']]) },
      summary.projects['integration-postgres']
        ? { row: 'integration on PostgreSQL', ...sum([summary.projects['integration-postgres']]) }
        : { row: 'integration on PostgreSQL', notRun: 'TEST_DATABASE_URL not set' },
    ],
  },
  browser: {
    command: 'npm',
    args: ['run', 'test:e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(summaryDir, 'browser.json') },
    rows: (report) => [{ row: 'browser', passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, skipped: report.stats.skipped }],
    summaryFile: path.join(summaryDir, 'browser.json'),
  },
};

/** The failed or flaky tests of Playwright's JSON report, by file and title. */
function browserFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message ?? '';
        out.push(`browser ${spec.file} › ${[...titles, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}: ${error.split('\n')[0].slice(0, 300)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

function sum(list) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const c of list) {
    if (!c) continue;
    counts.passed += c.passed;
    counts.failed += c.failed;
    counts.skipped += c.skipped;
  }
  return counts;
}

function run(layer) {
  return new Promise((resolve) => {
    const child = spawn(layer.command, layer.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...layer.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const minutes = (ms) => `${Math.floor(ms / 60_000).toString()}m ${Math.round((ms % 60_000) / 1000).toString().padStart(2, '0')}s`;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in LAYERS));
if (unknown.length > 0) {
  console.error(`unknown layer ${unknown.join(', ')}: the layers are ${Object.keys(LAYERS).join(', ')}`);
  process.exit(2);
}

console.log(`Node ${process.version}`);
const results = [];
let failedRunner = false;
for (const [name, layer] of Object.entries(LAYERS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n==> ${name} tests\n`);
  const started = Date.now();
  const code = await run(layer);
  const ms = Date.now() - started;
  const file = layer.summaryFile ?? layer.env.TEST_LAYER_SUMMARY;
  const wrote = fs.existsSync(file);
  const summary = wrote ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const rows = summary ? layer.rows(summary) : [{ row: name, notRun: 'the runner wrote no results' }];
  if (code !== 0 || !wrote) failedRunner = true;
  results.push({ name, ms, code, rows, errors: summary?.errors ?? [], failures: summary?.failures ?? browserFailures(summary) });
}
fs.rmSync(summaryDir, { recursive: true, force: true });

const lines = [];
let passed = 0;
let failed = 0;
const belowFloor = [];
lines.push(`${'layer'.padEnd(28)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'skipped'.padStart(9)}${'before'.padStart(8)}   time`);
for (const { ms, code, rows } of results) {
  rows.forEach((r, i) => {
    const time = i === 0 ? `${minutes(ms)}${code === 0 ? '' : `  (exit ${code.toString()})`}` : '';
    const before = floor[r.row] === undefined ? '' : String(floor[r.row].before);
    if (r.notRun) {
      lines.push(`${r.row.padEnd(28)}${'–'.padStart(8)}${''.padStart(8)}${''.padStart(9)}${before.padStart(8)}   ${time}  not run: ${r.notRun}`);
      return;
    }
    passed += r.passed;
    failed += r.failed;
    const atLeast = floor[r.row]?.atLeast ?? floor[r.row]?.before;
    if (atLeast !== undefined && r.passed < atLeast) belowFloor.push(`${r.row}: ${r.passed.toString()} passed, at least ${String(atLeast)} expected${floor[r.row].why ? ` (${floor[r.row].why})` : ''}`);
    lines.push(`${r.row.padEnd(28)}${String(r.passed).padStart(8)}${String(r.failed).padStart(8)}${String(r.skipped).padStart(9)}${before.padStart(8)}   ${time}`);
  });
}
const total = results.reduce((ms, r) => ms + r.ms, 0);
lines.push(`${'all layers'.padEnd(61)}   ${minutes(total)}`);
console.log(`\n==> Test layers (Node ${process.version})\n\n${lines.join('\n')}`);
// A layer that exited non-zero with no failed test says why, where its runner told us (unhandled errors).
for (const { name, errors } of results) {
  if (errors.length > 0) console.log(`\n${name}: ${errors.length.toString()} unhandled error(s), which fail the run although every test passed:\n  ${errors.join('\n  ')}`);
}
// Each failed test by name, so the tail of a CI log says which.
const failures = results.flatMap((r) => r.failures);
if (failures.length > 0) console.log(`\nFailed:\n  ${failures.slice(0, 30).join('\n  ')}${failures.length > 30 ? `\n  … and ${(failures.length - 30).toString()} more` : ''}`);
if (belowFloor.length > 0) {
  console.log(`\nFewer passing tests than before (scripts/test-floor.json):\n  ${belowFloor.join('\n  ')}`);
}
console.log(`\n${passed.toString()} passed, ${failed.toString()} failed`);
process.exit(failed > 0 || failedRunner || (process.env.CI && belowFloor.length > 0) ? 1 : 0);
