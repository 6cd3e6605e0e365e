import fs from 'node:fs/promises';
import path from 'node:path';

/** Written by the web build beside index.html (apps/web/src/app/route-preloads.ts): path → chunk URLs. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** A built chunk's URL, and nothing else: the file is ours, but what goes into the page is checked. */
const CHUNK_URL = /^\/assets\/[\w.-]+\.js$/;

async function readPreloads(distDir: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    // A build without the file (or a development dist) serves the plain shell.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * The index.html sent for a client route: as built, plus a `<link rel="modulepreload">` for each chunk the
 * build listed for that path, so the page's own code downloads beside the entry instead of once the entry
 * has run and the router has asked for it. Read on each request, like the file it replaces: a deploy that
 * swaps dist/ is served at once.
 */
export async function webShellFor(distDir: string, url: string): Promise<string> {
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const queryAt = url.search(/[?#]/);
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const chunks = (await readPreloads(distDir))[trimmed];
  if (!Array.isArray(chunks)) return html;
  const links = chunks.filter((c): c is string => typeof c === 'string' && CHUNK_URL.test(c)).map((c) => `<link rel="modulepreload" crossorigin href="${c}">`);
  const headEnd = html.indexOf('</head>');
  if (links.length === 0 || headEnd === -1) return html;
  return `${html.slice(0, headEnd)}${links.join('')}${html.slice(headEnd)}`;
}
