import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandling } from './error-handler';

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
