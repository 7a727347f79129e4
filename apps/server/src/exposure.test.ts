import { describe, expect, it } from 'vitest';
import { demoExposureLines, isLoopbackHost } from './exposure';

describe('demo start banner', () => {
  it('tells how to open a loopback-only demo to others', () => {
    const text = demoExposureLines('127.0.0.1').join('\n');
    expect(text).toMatch(/127\.0\.0\.1 only/);
    expect(text).toMatch(/HOST=0\.0\.0\.0/);
    expect(text).toMatch(/dev mailbox/);
  });

  it('warns when the demo is open to the network', () => {
    expect(demoExposureLines('0.0.0.0').join('\n')).toMatch(/^WARNING: .*0\.0\.0\.0.*dev mailbox/);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '::1', 'localhost', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.2'].some(isLoopbackHost)).toBe(false);
  });
});
