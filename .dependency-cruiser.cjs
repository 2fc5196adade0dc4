/**
 * The layers of the house (docs/architecture.md), kept by dependency-cruiser in `npm run check`:
 * imports point down only, and nothing imports in a circle.
 *   scripts/ and src/pages, src/actions, src/middleware.ts       (the top: commands, routes, forms)
 *   src/deploy/                                                   (`npm run deploy`: the server's process)
 *   src/components/, src/layouts/, src/islands/, src/integrations/ (what pages are made of; the build)
 *   src/data/                                                     (the content collections' queries)
 *   src/server/                                                   (server-only code: store, services, HTTP)
 *   src/artifact/                                                 (a release artifact's format)
 *   src/lib/                                                      (plain TypeScript: the ground)
 * Browser code (src/islands/) never reaches server code; no source reaches the tests.
 * .astro files are not read by dependency-cruiser: `farm-studio look` draws them with the rest.
 */
const layer = (name, path, mayNotReach) => ({
  name,
  severity: 'error',
  comment: `${name}: an import that points up, or across into code it must not know`,
  from: { path },
  to: { path: mayNotReach },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop: move what both need below both',
      from: {},
      to: { circular: true },
    },
    layer(
      'lib-is-the-ground',
      '^src/lib/',
      '^(src/(server|deploy|artifact|actions|pages|components|layouts|islands|data|integrations)|scripts|tests)/',
    ),
    layer(
      'artifact-knows-lib-only',
      '^src/artifact/',
      '^(src/(deploy|actions|pages|components|layouts|islands|data|integrations)|scripts|tests)/',
    ),
    layer(
      'server-below-the-site',
      '^src/server/',
      '^(src/(deploy|actions|pages|components|layouts|islands|data|integrations)|scripts|tests)/',
    ),
    layer(
      'data-below-the-pages',
      '^src/data/',
      '^(src/(deploy|actions|pages|components|layouts|islands|integrations)|scripts|tests)/',
    ),
    layer(
      'islands-stay-in-the-browser',
      '^src/islands/',
      '^(src/(server|deploy|artifact|actions|pages|data)|scripts|tests)/',
    ),
    layer(
      'integrations-are-build-steps',
      '^src/integrations/',
      '^(src/(deploy|actions|pages|components|islands)|scripts|tests)/',
    ),
    layer(
      'deploy-below-the-commands',
      '^src/deploy/',
      '^(src/(actions|pages|components|layouts|islands|data|integrations)|scripts|tests)/',
    ),
    layer('the-site-never-runs-the-deploy', '^src/(actions|pages|middleware)', '^(src/deploy|scripts|tests)/'),
    // The benches (scripts/bench/) measure the site as its browser tests run it, with the same rigs.
    {
      ...layer('commands-never-reach-tests', '^scripts/', '^tests/'),
      from: { path: '^scripts/', pathNot: '^scripts/bench/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|test-results|releases)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
