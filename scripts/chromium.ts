/**
 * Finds a Chromium for the browser tests and benchmarks: CHROMIUM_PATH, then Debian's
 * /usr/bin/chromium, then Playwright's own browser if one is installed. Playwright cannot
 * download browsers on our machines, so `ensureChromium()` installs Debian's packages instead.
 * Most browser tests run in Debian's chromium-headless-shell (`findChromium('shell')`), the old
 * headless Chromium that Playwright itself runs headless tests in: the same Blink without the
 * browser's window machinery, about half the CPU of a suite that is bound by it. The content editor's
 * tests and Lighthouse use the whole browser.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { installDebianPackage } from './debianPackage.ts';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function findChromium(kind: 'browser' | 'shell' = 'browser'): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...(kind === 'shell' ? [HEADLESS_SHELL] : []), ...SYSTEM_PATHS];
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
  // The lighter shell for most browser tests; without it (not root, say) they run in the whole browser.
  if (!existsSync(HEADLESS_SHELL) && !process.env.CHROMIUM_PATH) {
    try {
      installDebianPackage('chromium-headless-shell', 'No chromium-headless-shell found.');
    } catch (error) {
      console.warn(
        `${error instanceof Error ? error.message : String(error)} The browser tests use the whole browser.`,
      );
    }
  }
  console.info(`Browser tests: ${findChromium('shell') ?? 'none'}`);
}
