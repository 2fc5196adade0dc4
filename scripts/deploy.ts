/**
 * `npm run deploy`: how the site runs in production. It follows the releases CI publishes
 * (DEPLOY_RELEASES: a GitHub repository's releases, or a folder): each new one is downloaded,
 * checked, unpacked into a folder of its own under DEPLOY_DIR and, once it passed its health check,
 * put live with no request lost; one that fails never goes live (src/deploy/deployer.ts). Nothing is
 * installed or built here. It holds the site's port (PORT, HOST) for as long as it runs; every other
 * setting is the server's own (src/server/settings.ts).
 *   npm run deploy                 follows the releases (until stopped with SIGTERM or Ctrl-C)
 *   npm run deploy -- status       what is live, since when, and the last attempt with its result
 *   npm run deploy -- rollback     puts the previous good release back live, until a newer one
 *   npm run deploy -- check        asks the running deploy to look for a new release now
 *   npm run deploy -- retry        asks it to try the last failed release again
 * Exit code 0 on success; 1 and one line saying why otherwise (2 for a command it does not know).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { askDeploy, DeployRunningError } from '../src/deploy/control.ts';
import { Deployer } from '../src/deploy/deployer.ts';
import { readDeploySettings } from '../src/deploy/settings.ts';
import { readSetupLinkFile, setupLinkLine } from '../src/server/admin/setupLink.ts';
import { startCommand } from '../src/server/cliSettings.ts';
import { readDeployStatus } from '../src/server/release/releaseStatus.ts';
import { statusText } from '../src/server/release/statusWords.ts';
import { SettingsError } from '../src/server/settingFields.ts';

const COMMANDS = ['status', 'rollback', 'check', 'retry'];
const USAGE = `Usage: npm run deploy [-- ${COMMANDS.join(' | ')}]`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
if (rest.length > 0 || (command !== undefined && !COMMANDS.includes(command))) fail(USAGE, 2);

// The status, asked from a shell, reads the service's settings file as the office's commands do.
const env =
  command === 'status' ? startCommand(() => undefined, { needsStore: false, projectDir: root }).env : process.env;
let settings: ReturnType<typeof readDeploySettings>;
try {
  settings = readDeploySettings(env, root);
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
} else if (command === 'rollback' || command === 'check' || command === 'retry') {
  const answer = await askDeploy(deployDir, { command });
  if (!answer) fail(`No deploy is running on ${deployDir}: start it with "npm run deploy".`);
  (answer.ok ? console.info : console.error)(answer.message);
  process.exitCode = answer.ok ? 0 : 1;
} else {
  // This process holds the site's port: an error nothing expected is said, never a reason to let go of it.
  process.on('unhandledRejection', (error) => console.error('[deploy] Unexpected:', error));
  const deployer = new Deployer({ settings, env: process.env });
  try {
    await deployer.start();
  } catch (error) {
    if (error instanceof DeployRunningError) fail(`Cannot deploy: ${error.message}`);
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.info(`[deploy] ${signal}: the live release finishes what it serves, then the deploy stops.`);
      void deployer.stop().finally(() => process.exit(0));
    });
  }
}
