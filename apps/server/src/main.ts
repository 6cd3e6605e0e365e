import { ConfigError, loadConfig } from './platform/config';
import { boot } from './bootstrap';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';

async function main(): Promise<void> {
  let config;
  try {
    // Relative paths (DATA_DIR) are from where `npm start` was typed, not from the workspace folder.
    config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  const { app } = await boot(config);
  await app.listen({ port: config.PORT, host: config.HOST });

  const address = config.APP_URL ?? `http://localhost:${config.PORT.toString()}`;
  const loopbackOnly = ['127.0.0.1', '::1', 'localhost'].includes(config.HOST);
  const mailLine =
    config.mailTransport === 'smtp'
      ? 'SMTP (SMTP_URL)'
      : config.devMailboxEnabled
        ? `stored; read them at ${address}/dev/mailbox (from this machine only: direct loopback connections)`
        : "stored in the outbox table; the dev mailbox is off (it shows every organisation's links: set DEV_MAILBOX=1 or HOST=127.0.0.1; never behind a proxy (TRUST_PROXY) or in production)";
  const showDemoLogins = config.SEED_DEMO && config.NODE_ENV !== 'production';
  const lines = [
    '',
    `  Tankha is running at ${address}  (${((Date.now() - started) / 1000).toFixed(1)} s, Node ${process.versions.node})`,
    `  Database: ${config.database === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Listening on ${config.HOST}:${config.PORT.toString()}${loopbackOnly ? ' (this machine only; set HOST=0.0.0.0 to accept other machines)' : ''}`,
    `  E-mail:   ${mailLine}`,
    '',
    // In production the demo password is refused (docs/decisions/), so it is not offered here.
    ...(showDemoLogins
      ? [
          '  Demo organisation "Nilgiri Software Pvt Ltd" — password for every demo login: ' + DEMO_PASSWORD,
          `    Administrator  ${DEMO_LOGINS.administrator}`,
          `    Moderator      ${DEMO_LOGINS.moderator}`,
          `    Manager        ${DEMO_LOGINS.manager}`,
          `    Member         ${DEMO_LOGINS.member}`,
        ]
      : []),
    `  Or register a new organisation at ${address}/register`,
    '',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  process.stdout.write(lines.join('\n') + '\n');

  // Graceful shutdown (docs/deploy.md): not ready at once (/health/ready answers 503), then after
  // SHUTDOWN_DRAIN_MS the server stops listening, finishes its in-flight requests, lets the running
  // job handlers finish (pg-boss stops fetching), closes Socket.IO, Redis and the database, and exits
  // 0; whatever is still running after SHUTDOWN_TIMEOUT_MS more is cut off with exit code 1.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.markStopping();
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting with work unfinished');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
