/**
 * Installs a Debian package the tests need on a fresh machine (Chromium for the browser tests,
 * Caddy for the deploy's tests in front of the site), as root only; otherwise says how to.
 */
import { execFileSync } from 'node:child_process';

export function installDebianPackage(name: string, why: string): void {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) throw new Error(`${why} Install it (Debian: "sudo apt-get install -y ${name}").`);
  console.info(`${why} Installing Debian's ${name} package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { stdio: 'inherit', env });
}
