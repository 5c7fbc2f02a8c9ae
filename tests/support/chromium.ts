/**
 * Debian's Chromium, which every browser the tests and scripts start is (Playwright downloads
 * none), and the flags it runs headless with on these machines: no sandbox, no GPU, and none of
 * its own network traffic (updates, sync, QUIC).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
] as const;
