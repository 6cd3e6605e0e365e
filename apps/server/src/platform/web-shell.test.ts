import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, webShellFor } from './web-shell';

const INDEX = '<!doctype html><html><head><title>Tankha</title><script type="module" src="/assets/index-AbC.js"></script></head><body></body></html>';

describe('webShellFor', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-shell-'));
  beforeAll(() => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(
      path.join(dist, ROUTE_PRELOADS_FILE),
      JSON.stringify({
        '/payslips': ['/assets/PayslipsPage-Xy_1.js', '/assets/Table-Q2.js'],
        '/': ['/assets/dashboard-D1.js'],
        '/odd': ['/assets/x.js"><script>alert(1)</script>', 'https://elsewhere.example/a.js', 7],
      }),
    );
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it("lists the path's chunks as modulepreloads at the end of the head", async () => {
    const html = await webShellFor(dist, '/payslips');
    expect(html).toBe(INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/PayslipsPage-Xy_1.js"><link rel="modulepreload" crossorigin href="/assets/Table-Q2.js"></head>'));
  });

  it('matches the path without its query, fragment or trailing slash', async () => {
    for (const url of ['/payslips?year=2026', '/payslips/', '/payslips#top']) expect(await webShellFor(dist, url)).toContain('PayslipsPage-Xy_1.js');
    expect(await webShellFor(dist, '/?from=login')).toContain('dashboard-D1.js');
  });

  it('sends the plain shell for other paths, and for entries that are not built chunk URLs', async () => {
    expect(await webShellFor(dist, '/payslips/abc')).toBe(INDEX);
    expect(await webShellFor(dist, '/users/my-people')).toBe(INDEX);
    expect(await webShellFor(dist, '/odd')).toBe(INDEX);
  });

  it('sends the plain shell when the build wrote no preload list', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-shell-'));
    try {
      fs.writeFileSync(path.join(bare, 'index.html'), INDEX);
      expect(await webShellFor(bare, '/payslips')).toBe(INDEX);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
