import { describe, expect, it } from 'vitest';
import { marketingRedirect } from './marketing-host';

const HOSTS = ['tankha.in', 'www.tankha.in'];
const APP = 'https://app.tankha.in';

describe('marketing host redirect (platform §2.1)', () => {
  it('is off without MARKETING_HOSTS and on other hosts', () => {
    expect(marketingRedirect('tankha.in', '/login', [], APP)).toBeNull();
    expect(marketingRedirect('app.tankha.in', '/login', HOSTS, APP)).toBeNull();
  });

  it('serves the marketing pages on the marketing host, with or without a trailing slash or query', () => {
    for (const url of ['/pricing', '/pricing/', '/checkout?plan=basic&cycle=yearly', '/about-us', '/contact-us', '/privacy-policy', '/terms-and-conditions', '/cancellation-and-refund-policy']) {
      expect(marketingRedirect('tankha.in', url, HOSTS, APP)).toBeNull();
    }
  });

  it('sends the root to the pricing page on the same host', () => {
    expect(marketingRedirect('www.tankha.in', '/', HOSTS, APP)).toBe('/pricing');
  });

  it('sends every other page to the same path and query on the app host (host name in any case)', () => {
    expect(marketingRedirect('Tankha.IN', '/login', HOSTS, APP)).toBe('https://app.tankha.in/login');
    expect(marketingRedirect('tankha.in', '/reset-password/t/a%40b.in?x=1', HOSTS, APP)).toBe('https://app.tankha.in/reset-password/t/a%40b.in?x=1');
    expect(marketingRedirect('tankha.in', '/payroll-setup', HOSTS, APP)).toBe('https://app.tankha.in/payroll-setup');
  });

  it('never leaves the app origin, whatever the path', () => {
    expect(marketingRedirect('tankha.in', '//evil.example/x', HOSTS, APP)).toBe('https://app.tankha.in//evil.example/x');
  });
});
