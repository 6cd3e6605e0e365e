import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './results';

/** Issue 16: the JavaScript a first visit downloads, gzipped, stays at or under this. */
const TARGET_KB = 250;
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

/** Every JS file index.html loads or modulepreloads, and what those import statically: the first visit's JavaScript. */
export function measureInitialJs(dist: string): { totalBytes: number; files: { file: string; bytes: number; gzipBytes: number }[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = htmlScripts(html).map((src) => path.join(dist, src.replace(/^\//, '')));
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

/**
 * Builds the web app (unless BENCH_WEB_NO_BUILD=1 reads an existing apps/web/dist) and reports the gzip
 * size of its initial JavaScript against the 250 KB target. floor is the target; ratio ≤ 1 passes.
 */
export async function runWebInitialJs(): Promise<BenchResult> {
  const started = performance.now();
  if (process.env.BENCH_WEB_NO_BUILD !== '1') {
    execFileSync('npm', ['run', 'build', '-w', '@tankha/web'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { totalBytes, files } = measureInitialJs(DIST);
  const kb = Math.round((totalBytes / 1024) * 10) / 10;
  const pass = kb <= TARGET_KB;
  return {
    benchmark: 'web-initial-js',
    value: kb,
    unit: 'KB gzip',
    floor: TARGET_KB,
    ratio: Math.round((kb / TARGET_KB) * 1000) / 1000,
    description: `Initial JavaScript of the web app (index.html's script, its modulepreloads and their static imports), gzip level 9, against a target of ${TARGET_KB.toString()} KB: ${pass ? 'pass' : 'FAIL'}`,
    environment: { node: process.version, database: 'none', cpus: os.cpus().length, durationSeconds: Math.round((performance.now() - started) / 100) / 10, connections: 0 },
    details: { targetKb: TARGET_KB, pass, files: files.map((f) => ({ file: f.file, kb: Math.round((f.gzipBytes / 1024) * 10) / 10 })) },
  };
}
