/**
 * Finds a Chromium for the browser tests and benchmarks: CHROMIUM_PATH, then Debian's
 * /usr/bin/chromium, then Playwright's own browser if one is installed. Playwright cannot
 * download browsers on our machines, so `ensureChromium()` installs Debian's package instead.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { installDebianPackage } from './debianPackage.ts';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...SYSTEM_PATHS];
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (found) return found;
  try {
    const bundled = chromium.executablePath();
    return existsSync(bundled) ? bundled : undefined;
  } catch {
    return undefined;
  }
}

export function ensureChromium(): string {
  const existing = findChromium();
  if (existing) return existing;
  try {
    installDebianPackage('chromium', 'No Chromium found.');
  } catch (error) {
    throw new Error(
      `${String(error instanceof Error ? error.message : error)} Or set CHROMIUM_PATH to a Chromium binary.`,
      { cause: error },
    );
  }
  const installed = findChromium();
  if (!installed) throw new Error('Installing chromium did not provide /usr/bin/chromium.');
  return installed;
}

/** Flags for headless Chromium on a machine whose only network is loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(`Chromium: ${ensureChromium()}`);
}
