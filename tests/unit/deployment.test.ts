/**
 * The deployment files: the key lines of the Dockerfile, compose.yaml, the Caddyfile and the
 * systemd unit, read with parsers (always); and, where a Docker engine answers, the image built
 * and started until its health check passes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

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
  it('builds in stages, each on Node 24 slim (Debian: the libc sharp’s binaries are built for)', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect([from.getImageName(), from.getImageTag()]).toEqual(['node', '24-bookworm-slim']);
  });

  it('runs as a user that is not root', () => {
    const users = argumentsOf('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('keeps DATA_DIR in a volume', () => {
    expect(argumentsOf('ENV').join(' ')).toMatch(/\bDATA_DIR=\/data\b/);
    expect(argumentsOf('VOLUME').join(' ')).toContain('/data');
  });

  it('checks its health on /healthz', () => {
    const [check] = dockerfile.getHEALTHCHECKs();
    expect(check?.getArgumentsContent()).toMatch(/^CMD \["node", "scripts\/healthcheck\.ts"\]$/);
    expect(read('scripts/healthcheck.ts')).toContain('/healthz');
  });

  it('ships src/ beside dist/ (the server imports src/server/ at run time) and starts with scripts/start.ts', () => {
    const copied = argumentsOf('COPY').map((content) => content.split(/\s+/).at(-1));
    expect(copied).toEqual(expect.arrayContaining(['./dist', './src', './scripts', './node_modules']));
    expect(argumentsOf('ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
    expect(argumentsOf('CMD')).toEqual(['["node", "scripts/start.ts"]']);
  });

  it('leaves local data, builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

const composeSchema = z.object({
  services: z.object({
    site: z.object({
      build: z.object({ context: z.string(), args: z.record(z.string(), z.string()) }),
      environment: z.record(z.string(), z.string()),
      volumes: z.array(z.string()),
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
    expect(site.build.args['SITE_URL']).toMatch(/^https:\/\/\$\{SITE_DOMAIN/);
    expect(site.environment['TRUST_PROXY']).toBe('1');
    expect(site.volumes).toContain('site-data:/data');
  });

  it('puts Caddy in front on ports 80 and 443, once the site is healthy', () => {
    const { caddy } = compose.services;
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile').replace(/#.*$/gm, '');
    expect(caddyfile).toMatch(/\{\$SITE_DOMAIN\}\s*\{\s*reverse_proxy site:4321\s*\}/);
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/isa-site.service');
  const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]);

  it('runs the start script in production as its own user, restarting on failure', () => {
    expect(setting('User')).toEqual(['isa-site']);
    expect(setting('ExecStart')).toEqual(['/usr/bin/node scripts/start.ts']);
    expect(setting('Environment').join(' ')).toMatch(/NODE_ENV=production .*DATA_DIR=\/var\/lib\/isa-site/);
    expect(setting('StateDirectory')).toEqual(['isa-site']);
    expect(setting('Restart')).toEqual(['on-failure']);
    expect(setting('ProtectSystem')).toEqual(['strict']);
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
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([key]) => nameOf(key));
    expect(withScripts.sort()).toEqual(['esbuild', 'node']);
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
  it('builds, starts as a non-root user and passes its health check', { timeout: 15 * 60_000 }, async (context) => {
    context.skip(
      !dockerAnswers,
      'No Docker engine answers "docker info" here: the image is not built (the Dockerfile is checked above).',
    );
    const tag = `isa-site-test:${randomUUID().slice(0, 8)}`;
    let container = '';
    try {
      docker('build', '--build-arg', 'SITE_URL=https://isa.example.org', '-t', tag, '.');
      container = docker(
        'run',
        '-d',
        '--health-interval=2s',
        '--health-start-period=60s',
        '-p',
        '127.0.0.1::4321',
        tag,
      );
      let health = '';
      for (let waited = 0; waited < 120 && health !== 'healthy'; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        health = docker('inspect', '--format', '{{.State.Health.Status}}', container);
        if (health === 'unhealthy') break;
      }
      expect(health).toBe('healthy');
      expect(docker('exec', container, 'id', '-u')).not.toBe('0');
      const address = docker('port', container, '4321/tcp').split('\n')[0] ?? '';
      const answer = await fetch(`http://${address}/healthz`);
      expect(answer.status).toBe(200);
    } finally {
      if (container) spawnSync('docker', ['rm', '-f', container], { stdio: 'ignore' });
      spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' });
    }
  });
});
