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
