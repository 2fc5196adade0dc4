/**
 * Loaded into the site's server process in the GitHub-mode test (node --import): its requests to
 * github.com and api.github.com (Keystatic's exchange of the sign-in code for a token, and of the
 * refresh token) go to the stand-in GitHub at GITHUB_STAND_IN_URL (githubStandIn.ts).
 */
const standIn = process.env['GITHUB_STAND_IN_URL'];
if (standIn) {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== 'github.com' && url.hostname !== 'api.github.com') return original(input, init);
    const target = `${standIn}${url.pathname}${url.search}`;
    return original(input instanceof Request ? new Request(target, input) : target, init);
  };
}
