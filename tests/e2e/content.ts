/**
 * The site's content, read straight from content/ and checked by the same zod schemas as the
 * build, so browser tests compare the pages with what office staff wrote (photos are kept as
 * their paths).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { createSchemas } from '../../src/lib/content/schemas.ts';

const schemas = createSchemas(() => z.string());
const root = path.resolve(import.meta.dirname, '../..');

function readYaml(relative: string): unknown {
  return parse(readFileSync(path.join(root, relative), 'utf8'));
}

export function siteContent() {
  return schemas.site.parse(readYaml('content/site.yaml'));
}

export function homeContent() {
  return schemas.home.parse(readYaml('content/home.yaml'));
}

/** The branch groups in page order: by `order`, then by file name. */
export function branchesContent() {
  const folder = 'content/branches';
  return readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => ({ file: path.basename(name, '.yaml'), ...schemas.branch.parse(readYaml(`${folder}/${name}`)) }))
    .sort((a, b) => a.order - b.order || a.file.localeCompare(b.file));
}

export function webinarsContent() {
  return z.strictObject({ webinars: z.array(schemas.webinar) }).parse(readYaml('content/webinars.yaml')).webinars;
}

export function conclaveContent() {
  return schemas.conclave.parse(readYaml('content/conclave.yaml'));
}

export function galleryContent(id: string) {
  return schemas.gallery.parse(readYaml(`content/galleries/${id}.yaml`));
}
