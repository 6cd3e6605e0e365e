import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './results';

/**
 * Issue 29 point 5: the JavaScript an employee's page loads first, gzipped, stays at or under this (issue
 * 16's 250 KB was for index.html's entry alone; a page also needs its route chunk before it can paint).
 */
const TARGET_KB = 200;
/**
 * The member pages of the Lighthouse bench and the chunks each loads before it can paint: rolldown names a
 * chunk after its module (`features/dashboard/index.ts` → `dashboard-<hash>.js`). The declaration's landing
 * sends a member who has declared (the demo member, as Lighthouse sees it) on to the overall summary, inside
 * the Payroll area's layout and My Investments': all four count.
 */
const MEMBER_PAGES = [
  { page: 'dashboard', chunks: ['dashboard'] },
  { page: 'payslips', chunks: ['PayslipsPage'] },
  { page: 'apply leave', chunks: ['MyLeavesPage'] },
  { page: 'my attendance', chunks: ['MyAttendancePage'] },
  { page: 'declaration', chunks: ['PayrollLayout', 'InvestmentsArea', 'DeclarationLandingPage', 'DeclarationSummaryPage'] },
] as const;
const REPO = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(REPO, 'apps/web/dist');

/** `<script src>` and `<link rel="modulepreload" href>` of index.html. */
function htmlScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) out.push(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) out.push(m[1]!);
  return out;
}

/** Static `import … from "./x.js"` / `import "./x.js"` of a built chunk; dynamic `import("…")` is left out on purpose. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) out.push(m[1]!);
  return out;
}

/** The one built chunk named after `name` (`assets/<name>-<hash>.js`). */
function routeChunk(dist: string, name: string): string {
  const found = fs.readdirSync(path.join(dist, 'assets')).filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  if (found.length !== 1) throw new Error(`expected one built chunk named ${name}, found ${found.length.toString()}`);
  return path.join(dist, 'assets', found[0]!);
}

/**
 * Every JS file index.html loads or modulepreloads, the route chunks given, and what those import
 * statically: the JavaScript a page loads before it can paint (what it loads on a click, a dynamic
 * `import()`, is left out).
 */
export function measureInitialJs(dist: string, routeChunks: string[] = []): { totalBytes: number; files: { file: string; bytes: number; gzipBytes: number }[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = [...htmlScripts(html).map((src) => path.join(dist, src.replace(/^\//, ''))), ...routeChunks];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const spec of staticImports(code)) queue.push(path.resolve(path.dirname(file), spec));
  }
  const files = [...seen].map((file) => {
    const code = fs.readFileSync(file);
    return { file: path.relative(dist, file), bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { totalBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}

const kbOf = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Builds the web app (unless BENCH_WEB_NO_BUILD=1 reads an existing apps/web/dist) and reports, for each
 * member page, the gzip size of index.html's entry with the page's route chunk (and their static imports)
 * against the 200 KB target. value is the largest page; floor is the target; ratio ≤ 1 passes.
 */
export async function runWebInitialJs(): Promise<BenchResult> {
  const started = performance.now();
  if (process.env.BENCH_WEB_NO_BUILD !== '1') {
    execFileSync('npm', ['run', 'build', '-w', '@tankha/web'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const entry = measureInitialJs(DIST);
  const pages = MEMBER_PAGES.map(({ page, chunks }) => {
    const measured = measureInitialJs(DIST, chunks.map((chunk) => routeChunk(DIST, chunk)));
    return { page, kb: kbOf(measured.totalBytes), files: measured.files };
  });
  const kb = Math.max(...pages.map((p) => p.kb));
  const pass = kb <= TARGET_KB;
  return {
    benchmark: 'web-initial-js',
    value: kb,
    unit: 'KB gzip',
    floor: TARGET_KB,
    ratio: Math.round((kb / TARGET_KB) * 1000) / 1000,
    description: `First-load JavaScript of the largest member page (index.html's script and modulepreloads, the page's route chunk, their static imports), gzip level 9, against a target of ${TARGET_KB.toString()} KB: ${pass ? 'pass' : 'FAIL'}`,
    environment: { node: process.version, database: 'none', cpus: os.cpus().length, durationSeconds: Math.round((performance.now() - started) / 100) / 10, connections: 0 },
    details: {
      targetKb: TARGET_KB,
      pass,
      entryKb: kbOf(entry.totalBytes),
      pages: pages.map((p) => ({ page: p.page, kb: p.kb })),
      files: entry.files.map((f) => ({ file: f.file, kb: kbOf(f.gzipBytes) })),
    },
  };
}
