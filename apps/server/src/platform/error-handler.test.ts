import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { NUL_MESSAGE, findNulField, registerErrorHandling } from './error-handler';

describe('the error handler', () => {
  it('answers the JSON envelope even when the handler had already chosen text/html', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/shell', async (_request, reply) => {
      reply.type('text/html').header('content-disposition', 'attachment; filename="x.html"');
      throw new Error('the app shell could not be read');
    });
    const res = await app.inject({ method: 'GET', url: '/shell' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ statusCode: 500, errorCode: 'INTERNAL_ERROR' });
    await app.close();
  });
});

describe('findNulField', () => {
  it.each([
    [{ firstName: 'Ra\u0000hul' }, 'firstName'],
    [{ deductions: [{ name: 'ok' }, { name: 'x\u0000' }] }, 'deductions.1.name'],
    [{ ['bad\u0000key']: 1 }, 'bad\\0key'],
    ['\u0000', 'body'],
    [{ fine: 'text', n: 1, none: null, list: ['a', 'b'] }, null],
  ])('%j → %s', (value, field) => {
    expect(findNulField(value)).toBe(field);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(findNulField(deep)?.startsWith('a.a.a')).toBe(true);
  });

  it('refuses NUL in the body, query and path of any route with a 400 naming the field', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/things/:id', async () => ({ ok: true }));
    const body = await app.inject({ method: 'POST', url: '/things/1', payload: { note: 'a\u0000b' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', message: `note: ${NUL_MESSAGE}`, errors: { note: NUL_MESSAGE } });
    expect((await app.inject({ method: 'POST', url: '/things/1?search=a%00', payload: {} })).json().message).toBe(`search: ${NUL_MESSAGE}`);
    expect((await app.inject({ method: 'POST', url: '/things/a%00', payload: {} })).json().message).toBe(`id: ${NUL_MESSAGE}`);
    expect((await app.inject({ method: 'POST', url: '/things/1', payload: { note: 'fine' } })).statusCode).toBe(200);
    await app.close();
  });
});
