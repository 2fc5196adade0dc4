/**
 * The forms of the content editor (src/lib/keystatic/contentForms.ts) and the zod schemas that
 * check the content (src/lib/content/schemas.ts) name the same fields, so neither can drift: a zod
 * field without a form field could never be filled in through the forms, and a form field without
 * a zod field would write what the check refuses. The forms also read every content file as it is.
 */
import { createReader } from '@keystatic/core/reader';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../keystatic.config.ts';
import { CONTENT_SOURCES, type ContentSource } from '../../../src/lib/content/contentFiles.ts';
import { jsonSchemaOf } from '../../../src/lib/content/jsonSchemas.ts';
import { collections, singletons } from '../../../src/lib/keystatic/contentForms.ts';
import { schemaChildren } from '../schemaChildren.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The field paths of a JSON Schema: "bearers.*.image". */
function schemaFields(schema: unknown, at: readonly string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null) return [at.join('.')];
  const children = schemaChildren(schema);
  if (children.length === 0) return [at.join('.')];
  return children.flatMap(([key, child]) => schemaFields(child, key === undefined ? at : [...at, key]));
}

interface FormNode {
  kind: string;
  fields?: Record<string, FormNode>;
  element?: FormNode;
}

/** The field paths of a form: the same notation. */
function formFields(node: FormNode, at: readonly string[] = []): string[] {
  if (node.kind === 'object' && node.fields) {
    return Object.entries(node.fields).flatMap(([key, child]) => formFields(child, [...at, key]));
  }
  if (node.kind === 'array' && node.element) return formFields(node.element, [...at, '*']);
  return [at.join('.')];
}

const forms: Record<string, { schema: Record<string, FormNode> }> = { ...singletons, ...collections };

function pathsOf(source: ContentSource) {
  const form = forms[source.collection];
  return {
    zod: new Set(schemaFields(jsonSchemaOf(source))),
    form: new Set(form ? formFields({ kind: 'object', fields: form.schema }) : []),
  };
}

describe('the forms and the zod schemas', () => {
  it('have a form for every content file, and no other', () => {
    expect(Object.keys(forms).sort()).toEqual(CONTENT_SOURCES.map((source) => source.collection).sort());
  });

  it.each(CONTENT_SOURCES.map((source) => [source.collection, source] as const))(
    '%s: every zod field has a form field and every form field a zod field',
    (_name, source) => {
      const { zod, form } = pathsOf(source);
      expect(
        [...zod].filter((field) => !form.has(field)),
        'zod fields without a form field',
      ).toEqual([]);
      expect(
        [...form].filter((field) => !zod.has(field)),
        'form fields without a zod field',
      ).toEqual([]);
    },
  );

  it('would notice a zod field without a form field', () => {
    const source = CONTENT_SOURCES.find((candidate) => candidate.collection === 'branches');
    if (!source) throw new Error('no branches source');
    const { zod } = pathsOf(source);
    const bearer = forms['branches']?.schema['bearers']?.element?.fields ?? {};
    const withoutPhone = Object.fromEntries(Object.entries(bearer).filter(([key]) => key !== 'phone'));
    const form = new Set(
      formFields({
        kind: 'object',
        fields: {
          ...forms['branches']?.schema,
          bearers: { kind: 'array', element: { kind: 'object', fields: withoutPhone } },
        },
      }),
    );
    expect([...zod].filter((field) => !form.has(field))).toEqual(['bearers.*.phone']);
  });
});

describe('the forms read every content file as it is', () => {
  const reader = createReader(root, config);

  it.each(Object.keys(singletons))('%s', async (name) => {
    const singleton = reader.singletons[name as keyof typeof singletons];
    await expect(singleton.readOrThrow()).resolves.toBeTypeOf('object');
  });

  it.each(Object.keys(collections))('every file of %s', async (name) => {
    const collection = reader.collections[name as keyof typeof collections];
    const slugs = await collection.list();
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) await expect(collection.readOrThrow(slug), slug).resolves.toBeTypeOf('object');
  });
});
