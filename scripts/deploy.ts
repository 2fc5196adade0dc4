/**
 * `npm run deploy`: how the site runs in production. Started from a clone of the repository
 * (`npm ci && npm run deploy`), it follows DEPLOY_REPO's DEPLOY_BRANCH (default: this clone's origin
 * and main): each new commit is built in a release folder of its own under DEPLOY_DIR and, once it
 * passed its install, content check, build and health check, put live with no request lost; a
 * broken commit never goes live (src/deploy/deployer.ts). It holds the site's port (PORT, HOST) for
 * as long as it runs; every other setting is the server's own (src/server/settings.ts).
 *   npm run deploy                 follows the branch (until stopped with SIGTERM or Ctrl-C)
 *   npm run deploy -- status       what is live, since when, and the last attempt with its result
 *   npm run deploy -- rollback     puts the previous good release back live, until a newer commit
 *   npm run deploy -- check        asks the running deploy to look at the repository now
 * Exit code 0 on success; 1 and one line saying why otherwise (2 for a command it does not know).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { askDeploy, DeployRunningError } from '../src/deploy/control.ts';
import { Deployer } from '../src/deploy/deployer.ts';
import { readDeployStatus } from '../src/deploy/journal.ts';
import { GitError } from '../src/deploy/repository.ts';
import { readDeploySettings } from '../src/deploy/settings.ts';
import { statusText } from '../src/deploy/statusText.ts';
import { readSetupLinkFile, setupLinkLine } from '../src/server/admin/setupLink.ts';
import { startCommand } from '../src/server/cliSettings.ts';
import { SettingsError } from '../src/server/settingFields.ts';

const USAGE = 'Usage: npm run deploy [-- status | rollback | check]';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** This clone's origin, the default of DEPLOY_REPO. */
function originOf(): string | undefined {
  const result = spawnSync('git', ['-C', root, 'remote', 'get-url', 'origin'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() || undefined : undefined;
}

const [command, ...rest] = process.argv.slice(2);
if (rest.length > 0 || (command !== undefined && !['status', 'rollback', 'check'].includes(command))) fail(USAGE, 2);

// The status, asked from a shell, reads the service's settings file as the office's commands do.
const env =
  command === 'status' ? startCommand(() => undefined, { needsStore: false, projectDir: root }).env : process.env;
let settings: ReturnType<typeof readDeploySettings>;
try {
  settings = readDeploySettings(env, root, originOf);
} catch (error) {
  if (error instanceof SettingsError) fail(`Cannot deploy: ${error.message}`);
  throw error;
}
const { deployDir } = settings.deploy;

if (command === 'status') {
  const running = await askDeploy(deployDir, { command: 'status' }, 10_000);
  console.info(statusText(readDeployStatus(deployDir), running?.message));
  const setup = readSetupLinkFile(settings.server.store.dataDir);
  if (setup) console.info(setupLinkLine(setup));
} else if (command === 'rollback' || command === 'check') {
  const answer = await askDeploy(deployDir, { command });
  if (!answer) fail(`No deploy is running on ${deployDir}: start it with "npm run deploy".`);
  (answer.ok ? console.info : console.error)(answer.message);
  process.exitCode = answer.ok ? 0 : 1;
} else {
  const deployer = new Deployer({ settings, projectDir: root, env: process.env });
  try {
    await deployer.start();
  } catch (error) {
    if (error instanceof DeployRunningError || error instanceof GitError) fail(`Cannot deploy: ${error.message}`);
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.info(`[deploy] ${signal}: the live release finishes what it serves, then the deploy stops.`);
      void deployer.stop().finally(() => process.exit(0));
    });
  }
}
