import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ErrorCode, MSG } from '@tankha/contracts';
import { NUL_MESSAGE, describeUnexpectedError, findNulField, registerErrorHandling, type UnexpectedErrorReport } from './error-handler';

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

describe('a write that lost a race', () => {
  const failedQuery = (code: string) => new Error('Failed query: insert into client_site_employees …', { cause: Object.assign(new Error(`database error ${code}`), { code }) });

  it.each(['23505', '40P01', '40001'])('SQLSTATE %s under an ORM error answers 409 with the concurrent-write message', async (code) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.put('/things', async () => {
      throw failedQuery(code);
    });
    const res = await app.inject({ method: 'PUT', url: '/things' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, errorCode: ErrorCode.Conflict, message: MSG.concurrentWrite });
    await app.close();
  });

  it('any other database error is still a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.put('/things', async () => {
      throw failedQuery('22007');
    });
    expect((await app.inject({ method: 'PUT', url: '/things' })).statusCode).toBe(500);
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

describe('describeUnexpectedError (exception logs)', () => {
  it('prefers the driver error under an ORM "Failed query" and never keeps its parameters', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505' });
    const orm = new Error('Failed query: insert into users (email, pan) values ($1, $2)\nparams: ravi@example.in,ABCPR1234K', { cause: driver });
    expect(describeUnexpectedError(orm)).toEqual({ errorType: 'Error 23505', message: 'duplicate key value violates unique constraint "users_email_key"' });
  });

  it('masks e-mails, PAN-like codes and long digit runs, keeps the first line, cuts at 500', () => {
    expect(describeUnexpectedError(new TypeError('no bank for ravi.k@example.in (PAN ABCPR1234K, account 001234567890)\nstack detail')).message).toBe(
      'no bank for [email] (PAN [pan], account [number])',
    );
    expect(describeUnexpectedError(new Error('x'.repeat(900))).message).toHaveLength(500);
    expect(describeUnexpectedError('thrown text')).toEqual({ errorType: 'Error', message: 'thrown text' });
  });

  it('reports a signed-in request’s 500 with the route pattern, not the URL', async () => {
    const reports: UnexpectedErrorReport[] = [];
    const app = Fastify({ logger: false });
    app.decorateRequest('ctx', null);
    app.addHook('preHandler', async (request) => {
      request.ctx = { tenantId: 't-1', userId: 'u-1' } as never;
    });
    registerErrorHandling(app, { onUnexpected: (r) => reports.push(r) });
    app.get('/things/:id', async () => {
      throw new Error('boom');
    });
    app.get('/expected', async () => {
      throw Object.assign(new Error('bad'), { statusCode: 404 });
    });
    const res = await app.inject({ method: 'GET', url: '/things/42?token=secret' });
    expect(res.statusCode).toBe(500);
    await app.inject({ method: 'GET', url: '/expected' });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ tenantId: 't-1', userId: 'u-1', method: 'GET', route: '/things/:id', errorType: 'Error', message: 'boom', requestId: res.headers['x-request-id'] });
    await app.close();
  });
});
