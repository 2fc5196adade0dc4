/**
 * Serves the photos stored under DATA_DIR/uploads at /Admin/uploads/..., the paths the event
 * records name: correct content types, a day of caching with ETag revalidation, and no way to
 * read a file outside that folder (no "..", encoded or not, no backslashes, no NUL bytes, no
 * symbolic links leading out).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export const UPLOADS_PREFIX = '/Admin/uploads/';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The file under `uploadsDir` that `relativePath` names, or undefined if it is not a safe, existing file. */
export function resolveUpload(uploadsDir: string, relativePath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  if (!decoded || decoded.includes('\0') || decoded.includes('\\') || path.isAbsolute(decoded)) return undefined;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.' || segment.startsWith('.'))) {
    return undefined;
  }
  if (!CONTENT_TYPES[path.extname(decoded).toLowerCase()]) return undefined;
  try {
    const root = realpathSync(uploadsDir);
    const real = realpathSync(path.join(root, decoded));
    if (!real.startsWith(root + path.sep) || !statSync(real).isFile()) return undefined;
    return real;
  } catch {
    return undefined;
  }
}

export function serveUpload(request: Request, dataDir: string, relativePath: string): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const file = resolveUpload(path.join(dataDir, 'uploads'), relativePath);
  if (!file) return notFound();
  const stat = statSync(file);
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=86400',
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (file.endsWith('.svg'))
    headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  const matches = request.headers
    .get('if-none-match')
    ?.split(',')
    .some((tag) => tag.trim() === etag || tag.trim() === '*');
  if (matches) return new Response(null, { status: 304, headers });
  headers['Content-Length'] = String(stat.size);
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  // Event photos are small (well under a megabyte): read whole rather than streamed.
  return new Response(new Uint8Array(readFileSync(file)), { status: 200, headers });
}
