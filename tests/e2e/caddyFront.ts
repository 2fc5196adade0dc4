/**
 * Caddy in front of a site, with the project's own deploy/Caddyfile (imported whole, as compose.yaml
 * runs it) over plain HTTP on a free loopback port: the production topology of the deploy's tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureCaddy } from '../../scripts/caddy.ts';
import { freePort, HOST } from './ownServer.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface CaddyFront {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

export async function startCaddy(upstreamPort: number): Promise<CaddyFront> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-caddy-'));
  const config = path.join(dir, 'Caddyfile');
  // No admin endpoint (several tests' Caddys may run at once), then the site's own Caddyfile.
  writeFileSync(config, `{\n\tadmin off\n}\nimport ${path.join(root, 'deploy/Caddyfile')}\n`);
  const child = spawn(ensureCaddy(), ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env['PATH'],
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      SITE_DOMAIN: `http://${HOST}:${port}`,
      SITE_UPSTREAM: `${HOST}:${upstreamPort}`,
    },
  });
  const output: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://${HOST}:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null || attempt > 100) throw new Error(`Caddy did not start:\n${output.join('')}`);
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
