import fs from 'node:fs';

/**
 * Debian's Chromium, which every browser the tests and scripts start is (Playwright downloads
 * none), and the flags it runs headless with on these machines: no sandbox, no GPU, and none of
 * its own network traffic (updates, sync, QUIC).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The browser the journeys drive: Debian's Chromium headless shell (package
 * `chromium-headless-shell`: the same engine and version without the desktop browser around it,
 * and what Playwright itself drives headless by default) when it is installed, else Chromium.
 * The whole PGlite pass of journeys takes about 3.5 minutes with it instead of 5.3 on two cores:
 * the desktop browser's own process costs about three times the processor time.
 */
export const journeyChromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : chromiumPath);

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
] as const;
