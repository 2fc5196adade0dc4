/**
 * What each process the deploy starts may see of the deploy's environment: a build, only the public
 * settings it needs and what npm and the network need, never the server's secrets; a release, the
 * server's settings without the deploy's own (its token, key and repository), in production, with
 * DATA_DIR and DEPLOY_DIR as the deploy resolved them (absolute: a release runs in a folder of its own).
 */

/** Variables a build may see: the public settings it needs, never the server's secrets. */
const BUILD_VARIABLES = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'SITE_URL',
  'PUBLIC_KEYSTATIC_GITHUB_REPO',
  'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
  'npm_config_cache',
  'npm_config_registry',
  'NODE_EXTRA_CA_CERTS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];
/** Variables only the deploy reads: a release never sees them. */
export const DEPLOY_ONLY = [
  'DEPLOY_TOKEN',
  'DEPLOY_SSH_KEY_FILE',
  'DEPLOY_REPO',
  'DEPLOY_BRANCH',
  'DEPLOY_POLL_SECONDS',
];
/** A build's environment: the variables it may see, in CI mode, with the SITE_URL the server's settings checked. */
export function buildEnvironment(env: NodeJS.ProcessEnv, siteUrl: string | undefined): NodeJS.ProcessEnv {
  const seen = BUILD_VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]);
  return { ...Object.fromEntries(seen), CI: 'true', SITE_URL: siteUrl ?? env['SITE_URL'] };
}

/** A release's environment: the server's settings, none of the deploy's own, in production. */
export function releaseEnvironment(
  env: NodeJS.ProcessEnv,
  { dataDir, deployDir }: { dataDir: string; deployDir: string },
): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => !DEPLOY_ONLY.includes(name))),
    // Production: a new store starts empty, without the sample events, unless told otherwise.
    EVENTS_SAMPLE_DATA: env['EVENTS_SAMPLE_DATA'] ?? 'off',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEPLOY_DIR: deployDir,
  };
}
