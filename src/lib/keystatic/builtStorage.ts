/**
 * Where the content editor of this build saves (keystatic.config.ts reads the same variable): read
 * by Vite at build time, so only code the build bundles may import this (the middleware, pages).
 */
export const EDITOR_STORAGE: 'github' | 'local' = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO ? 'github' : 'local';
