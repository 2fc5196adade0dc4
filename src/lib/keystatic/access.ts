/**
 * Whether this server offers the content editor (/keystatic and /api/keystatic). Under `astro dev`
 * it does, in whichever mode the build names. A production server does only in `github` mode
 * (every save a commit on a branch, made with the signed-in person's GitHub access, so only people
 * with write access to the repository can save) and only with the GitHub App's settings; in
 * `local` mode the editor would write the server's own files, so a production server never offers it.
 */
import { editorSettings } from './settings.ts';

export interface EditorContext {
  dev: boolean;
  /** The storage the build was made with (src/lib/keystatic/storage.ts). */
  storage: 'local' | 'github';
  env: Record<string, string | undefined>;
}

export function editorOffered({ dev, storage, env }: EditorContext): boolean {
  if (dev) return true;
  if (storage !== 'github') return false;
  const settings = editorSettings.safeParse(env);
  return settings.success && settings.data.github;
}

/** The editor's pages and API. */
export function isEditorPath(pathname: string): boolean {
  return /^\/(?:api\/)?keystatic(?:\/|$)/i.test(pathname);
}

/**
 * What a built site's server should say at start (and show owners in /Admin) when the editor is
 * switched off against what its settings ask: the GitHub App's settings are given to a build made
 * without GitHub mode, or a GitHub-mode build runs without them. Undefined when they agree, and
 * under `astro dev` (which offers the editor either way).
 */
export function editorMismatch({ dev, storage, env }: EditorContext): string | undefined {
  if (dev) return undefined;
  const settings = editorSettings.safeParse(env);
  const configured = settings.success && settings.data.github;
  if (configured && storage === 'local') {
    return "The content editor is switched off: the server has the GitHub App's settings (KEYSTATIC_*), but this build was made without PUBLIC_KEYSTATIC_GITHUB_REPO, so /keystatic answers 404. Build with PUBLIC_KEYSTATIC_GITHUB_REPO and PUBLIC_KEYSTATIC_GITHUB_APP_SLUG set (npm run deploy hands both to every build from its environment).";
  }
  if (!configured && storage === 'github') {
    return "The content editor is switched off: this build is made for GitHub mode, but the server does not have all of the GitHub App's settings (KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG), so /keystatic answers 404.";
  }
  return undefined;
}
