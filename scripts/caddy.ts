/**
 * Finds Caddy (Debian's /usr/bin/caddy, or CADDY_PATH) for the deploy's tests, which put the
 * project's own deploy/Caddyfile in front of the site as production does; installs Debian's
 * package when it is missing (as root).
 */
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debianPackage.ts';

export function findCaddy(): string | undefined {
  return [process.env.CADDY_PATH, '/usr/bin/caddy'].find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}

export function ensureCaddy(): string {
  const existing = findCaddy();
  if (existing) return existing;
  installDebianPackage('caddy', 'No Caddy found (the deploy tests put it in front of the site).');
  const installed = findCaddy();
  if (!installed) throw new Error('Installing caddy did not provide /usr/bin/caddy.');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(`Caddy: ${ensureCaddy()}`);
}
