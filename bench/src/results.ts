import fs from 'node:fs';
import path from 'node:path';

/** Every benchmark writes this shape (issue 2 §10): value and its floor measured in the same run. */
export interface BenchResult {
  benchmark: string;
  value: number;
  unit: string;
  floor: number;
  ratio: number;
  description: string;
  environment: { node: string; database: string; cpus: number; durationSeconds: number; connections: number };
  details?: Record<string, unknown>;
}

export function writeResult(result: BenchResult): string {
  const dir = path.resolve(import.meta.dirname, '../results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${result.benchmark}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}
