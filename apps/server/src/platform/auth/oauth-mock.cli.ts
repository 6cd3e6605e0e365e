import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID provider for trying Google/Microsoft sign-in without either (dev and the browser
 * tests): `npm run oauth-mock -w @tankha/server`, then start the server with
 * GOOGLE_CLIENT_ID=dev GOOGLE_CLIENT_SECRET=dev GOOGLE_ISSUER=http://127.0.0.1:<port>.
 * Every sign-in answers at once as OAUTH_MOCK_EMAIL (default the demo administrator), verified.
 */
const port = Number(process.env.OAUTH_MOCK_PORT ?? 4900);
const email = process.env.OAUTH_MOCK_EMAIL ?? 'anita.rao@nilgiri.demo';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(port, '127.0.0.1');
// The app accepts a plain-http issuer only on 127.0.0.1 (the mock would call itself localhost).
server.issuer.url = `http://127.0.0.1:${port.toString()}`;
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  if ('scope' in token.payload) return; // the access token
  Object.assign(token.payload, { email, email_verified: true, name: 'Mock Sign-in', tid: '9188040d-6c67-4c5b-b112-36a304b66dad' });
});
process.stdout.write(`Mock OpenID provider at ${server.issuer.url} (signs in as ${email})\n`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
