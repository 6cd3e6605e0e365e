// The test S3 server's process (testing/s3-server.ts starts it): s3rver on a free loopback port,
// serving one bucket from a folder. It runs under --openssl-legacy-provider because s3rver encrypts
// its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
// It prints {"port":…} once listening and stops when its parent closes its standard input.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then(
  ({ port }) => {
    process.stdout.write(`${JSON.stringify({ port })}\n`);
    process.stdin.resume();
    process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
  },
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
