/**
 * The deployment files: the key lines of the Dockerfile, compose.yaml, the Caddyfile and the
 * systemd unit, read with parsers (always); the Caddyfile adapted by Caddy itself and the unit
 * verified by systemd-analyze where those are installed; and, where a Docker engine answers, the
 * image built and started, following a folder of releases, until its health check passes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { makeRepository } from '../e2e/deployRig.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const installed = (command: string, ...args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const caddyInstalled = installed('caddy', 'version');
const systemdInstalled = installed('systemd-analyze', '--version');
const caddy = (...args: string[]) =>
  execFileSync('caddy', args, { cwd: root, encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'isa.example.org' } });

const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const stages = (() => {
  const list: Instruction[][] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') list.push([]);
    list.at(-1)?.push(instruction);
  }
  return list;
})();
const finalStage = stages.at(-1) ?? [];
const argumentsOf = (keyword: string) =>
  finalStage
    .filter((instruction) => instruction.getKeyword() === keyword)
    .map((instruction) => instruction.getArgumentsContent() ?? '');

describe('the Dockerfile', () => {
  it('runs on Node 24 slim (Debian: the libc of the releases’ native packages), with nothing to build or fetch code', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThanOrEqual(1);
    for (const from of froms) expect([from.getImageName(), from.getImageTag()]).toEqual(['node', '24-bookworm-slim']);
    const runs = argumentsOf('RUN').join(' ');
    // The deploy's own production dependencies, no install script; no git, no compiler, no build.
    expect(runs).toMatch(/\bnpm ci --omit=dev --ignore-scripts\b/);
    expect(runs).not.toMatch(/apt-get|\bgit\b|npm run build|astro build/);
  });

  it('runs as a user that is not root', () => {
    const users = argumentsOf('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('keeps DATA_DIR and the releases (DEPLOY_DIR) in volumes of their own', () => {
    expect(argumentsOf('ENV').join(' ')).toMatch(/\bDATA_DIR=\/data\b/);
    expect(argumentsOf('ENV').join(' ')).toMatch(/\bDEPLOY_DIR=\/releases\b/);
    expect(argumentsOf('VOLUME').join(' ')).toMatch(/"\/data", "\/releases"/);
  });

  it('checks its health on /healthz', () => {
    const [check] = dockerfile.getHEALTHCHECKs();
    expect(check?.getArgumentsContent()).toMatch(/^CMD \["node", "scripts\/healthcheck\.ts"\]$/);
    expect(read('scripts/healthcheck.ts')).toContain('/healthz');
  });

  it('runs `npm run deploy` (node scripts/deploy.ts) in production, with no build setting (releases come built)', () => {
    expect(argumentsOf('CMD')).toEqual(['["node", "scripts/deploy.ts"]']);
    expect(read('package.json')).toContain('"deploy": "node scripts/deploy.ts"');
    expect(argumentsOf('ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
    expect(argumentsOf('ARG')).toEqual([]);
  });

  it('leaves local data, builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'releases', 'data', '.env', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});

const composeSchema = z.object({
  services: z.object({
    site: z.object({
      build: z.object({ context: z.string() }).strict(),
      init: z.literal(true),
      environment: z.record(z.string(), z.string()),
      volumes: z.array(z.string()),
      stop_grace_period: z.string(),
      // Not published: Caddy is the only way in (which TRUST_PROXY=1 relies on).
      ports: z.never().optional(),
    }),
    caddy: z.object({
      image: z.string(),
      ports: z.array(z.string()),
      volumes: z.array(z.string()),
      depends_on: z.object({ site: z.object({ condition: z.literal('service_healthy') }) }),
    }),
  }),
});

describe('compose.yaml and the Caddyfile', () => {
  const compose = composeSchema.parse(parse(read('compose.yaml')));

  it('runs the site, unreachable but through Caddy, trusting Caddy as its one proxy, with its data in a volume', () => {
    const { site } = compose.services;
    expect(site.build.context).toBe('.');
    expect(site.environment['SITE_URL']).toMatch(/^https:\/\/\$\{SITE_DOMAIN/);
    expect(site.environment['TRUST_PROXY']).toBe('1');
    expect(site.volumes).toEqual(['site-data:/data', 'site-releases:/releases', 'site-backups:/backups']);
    // Scheduled backups in a volume of their own, their key beside the folder (not in it).
    expect(site.environment['BACKUP_DIR']).toBe('${BACKUP_DIR:-/backups/archive}');
  });

  it('follows the releases .env names', () => {
    const { site } = compose.services;
    expect(site.environment['DEPLOY_RELEASES']).toMatch(/^\$\{DEPLOY_RELEASES:\?/);
  });

  it('puts Caddy in front on ports 80 and 443, once the site is healthy', () => {
    const { caddy } = compose.services;
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile').replace(/#.*$/gm, '');
    expect(caddyfile).toMatch(/\{\$SITE_DOMAIN\}\s*\{\s*reverse_proxy \{\$SITE_UPSTREAM:site:4321\}/);
  });

  it.skipIf(!caddyInstalled)(
    'is a Caddyfile Caddy reads: the site upstream, retried while it restarts, idle links ended first',
    () => {
      const adapted = z
        .object({ apps: z.object({ http: z.object({ servers: z.record(z.string(), z.unknown()) }) }) })
        .parse(JSON.parse(caddy('adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile')));
      const proxy = JSON.stringify(adapted.apps.http.servers);
      expect(proxy).toContain('"dial":"site:4321"');
      expect(proxy).toContain('"try_duration":30000000000');
      // GETs and HEADs are sent again when a connection broke before the answer; a POST is not (its body is gone).
      expect(proxy).toContain('"retry_match":[{"method":["GET","HEAD"]}]');
      // Shorter than the site's own idle timeout (KEEP_ALIVE_TIMEOUT_SECONDS, 5 s).
      expect(proxy).toContain('"keep_alive":{"idle_timeout":4000000000}');
    },
  );
});

describe('the systemd unit', () => {
  const unit = read('deploy/isa-site.service');
  const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]);

  it('runs `npm run deploy` in production as its own user, with the data and the releases apart', () => {
    expect(setting('User')).toEqual(['isa-site']);
    expect(setting('ExecStart')).toEqual(['/usr/bin/node scripts/deploy.ts']);
    expect(setting('Environment').join(' ')).toMatch(
      /NODE_ENV=production .*DATA_DIR=\/var\/lib\/isa-site DEPLOY_DIR=\/var\/lib\/isa-site-releases/,
    );
    expect(setting('StateDirectory')).toEqual(['isa-site isa-site-releases isa-site-backups']);
    expect(setting('Environment').join(' ')).toMatch(/BACKUP_DIR=\/var\/lib\/isa-site-backups\/archive/);
    // SIGTERM to the deploy alone, which drains the live release itself.
    expect(setting('KillMode')).toEqual(['mixed']);
    expect(setting('Restart')).toEqual(['on-failure']);
    expect(setting('ProtectSystem')).toEqual(['strict']);
  });

  it.skipIf(!systemdInstalled)('is a unit systemd-analyze verifies', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'isa-unit-'));
    const copy = path.join(dir, 'isa-site.service');
    // The unit names the system's Node; here, this one.
    writeFileSync(copy, unit.replace('/usr/bin/node', process.execPath));
    const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect(verified.stderr.split('\n').filter((line) => line.includes('isa-site.service'))).toEqual([]);
  });
});

function docker(...args: string[]): string {
  return execFileSync('docker', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

const dockerAnswers =
  existsSync(path.join(root, 'Dockerfile')) && spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;

describe('installing (npm ci, wherever the site is installed)', () => {
  const manifest = z
    .object({
      dependencies: z.record(z.string(), z.string()),
      devDependencies: z.record(z.string(), z.string()),
      allowScripts: z.record(z.string(), z.boolean()),
      scripts: z.record(z.string(), z.string()),
    })
    .parse(JSON.parse(read('package.json')));
  const lock = z
    .object({
      lockfileVersion: z.literal(3),
      packages: z.record(
        z.string(),
        z.object({
          dependencies: z.record(z.string(), z.string()).optional(),
          devDependencies: z.record(z.string(), z.string()).optional(),
          optionalDependencies: z.record(z.string(), z.string()).optional(),
          hasInstallScript: z.boolean().optional(),
        }),
      ),
    })
    .parse(JSON.parse(read('package-lock.json')));
  const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
  /** Where Node would find `name` from the package at `key`: its own node_modules, then each parent's. */
  const isLocked = (key: string, name: string) => {
    for (let folder = key; ; folder = folder.slice(0, Math.max(0, folder.lastIndexOf('/node_modules/')))) {
      if (`${folder ? `${folder}/` : ''}node_modules/${name}` in lock.packages) return true;
      if (!folder) return false;
    }
  };

  it('keeps the lock file in step with package.json (npm ci refuses one that is not)', () => {
    const root = lock.packages[''];
    expect(root?.dependencies).toEqual(manifest.dependencies);
    expect(root?.devDependencies).toEqual(manifest.devDependencies);
  });

  it("lists every platform's optional packages of the native dependencies (npm ci refuses a lock without them)", () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !isLocked(key, name))
        .map((name) => `${name} (for ${nameOf(key) || 'the site'})`),
    );
    expect(missing).toEqual([]);
    // The platforms the site is built and developed on, for the packages that ship native code.
    for (const name of [
      '@astrojs/compiler-binding-darwin-arm64',
      '@astrojs/compiler-binding-linux-x64-gnu',
      '@astrojs/compiler-binding-linux-arm64-gnu',
      '@astrojs/compiler-binding-win32-x64-msvc',
      '@oxc-parser/binding-darwin-arm64',
      '@oxc-parser/binding-linux-x64-gnu',
      '@pagefind/darwin-arm64',
      '@pagefind/linux-x64',
      '@pagefind/windows-x64',
      '@img/sharp-linux-x64',
      '@img/sharp-darwin-arm64',
    ]) {
      expect(Object.keys(lock.packages), name).toContain(`node_modules/${name}`);
    }
  });

  it('approves exactly the install scripts the lock holds, so no other script runs unreviewed', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => entry.hasInstallScript && key !== '')
      .map(([key]) => nameOf(key));
    expect(withScripts.sort()).toEqual(['esbuild', 'node']);
    // The project's own install script applies the reviewed patches of patches/ and nothing else.
    expect(manifest.scripts['postinstall']).toBe('patch-package');
    expect(Object.keys(manifest.allowScripts).sort()).toEqual(['esbuild', 'node']);
  });

  it.each(['Dockerfile', 'README.md', 'deploy/isa-site.service', '.github/workflows/ci.yml', '.ci/run'])(
    '%s installs with npm ci, never npm install',
    (file) => {
      const commands = read(file)
        .split('\n')
        .filter((line) => !/^\s*#/.test(line) || file === 'deploy/isa-site.service');
      // `npm install` of the whole project (adding one package, `npm install <pkg>`, is not an install path).
      expect(commands.filter((line) => /\bnpm (?:install|i)(?:\s+--[\w-]+)*\s*(?:$|&&|;|`|\|)/.test(line))).toEqual([]);
      expect(commands.some((line) => /\bnpm ci\b/.test(line))).toBe(true);
    },
  );
});

describe('the image', () => {
  it(
    'builds, follows a folder of releases as a non-root user, and passes its health check once the first release is live',
    { timeout: 30 * 60_000 },
    async (context) => {
      context.skip(
        !dockerAnswers,
        'No Docker engine answers "docker info" here: the image is not built (the Dockerfile is checked above).',
      );
      const tag = `isa-site-test:${randomUUID().slice(0, 8)}`;
      const repository = makeRepository();
      const published = mkdtempSync(path.join(tmpdir(), 'isa-published-'));
      let container = '';
      try {
        await repository.release(published, { SITE_URL: 'https://isa.example.org' });
        docker('build', '-t', tag, '.');
        container = docker(
          'run',
          '-d',
          '--init',
          '--health-interval=5s',
          '--health-start-period=5m',
          '-v',
          `${published}:/published:ro`,
          '-e',
          'DEPLOY_RELEASES=/published',
          '-e',
          'SITE_URL=https://isa.example.org',
          '-p',
          '127.0.0.1::4321',
          tag,
        );
        let health = '';
        for (let waited = 0; waited < 900 && health !== 'healthy'; waited++) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          health = docker('inspect', '--format', '{{.State.Health.Status}}', container);
          if (health === 'unhealthy') break;
        }
        expect(health).toBe('healthy');
        expect(docker('exec', container, 'id', '-u')).not.toBe('0');
        expect(docker('exec', container, 'node', 'scripts/deploy.ts', 'status')).toContain('Live: ');
        const address = docker('port', container, '4321/tcp').split('\n')[0] ?? '';
        const answer = await fetch(`http://${address}/healthz`);
        expect(answer.status).toBe(200);
      } finally {
        if (container) spawnSync('docker', ['rm', '-f', container], { stdio: 'ignore' });
        spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' });
        repository.remove();
      }
    },
  );
});
