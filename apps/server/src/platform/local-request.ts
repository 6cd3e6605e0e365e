import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers a proxy, load balancer or CDN adds to say whom it forwards for. Any of them on a request
 * means the socket's peer is not the client: a reverse proxy on this machine connects from
 * loopback on behalf of anyone on the internet.
 */
const FORWARDING_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip', 'x-cluster-client-ip', 'x-original-forwarded-for'];

/** The loopback peers: 127.0.0.0/8, ::1 and 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** The forwarding headers a request carries (names in lower case), for the log and the tests. */
export function forwardingHeadersOf(headers: IncomingHttpHeaders): string[] {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name));
}

/**
 * A request made on this machine by the person at it: the TCP peer is loopback (never Fastify's
 * `request.ip`, which TRUST_PROXY may take from a header) and nothing says it was forwarded.
 */
export function isDirectLocalRequest(request: { socket: { remoteAddress?: string | undefined }; headers: IncomingHttpHeaders }): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && forwardingHeadersOf(request.headers).length === 0;
}
