/**
 * Every content collection of the site: one per YAML file (or folder) of
 * src/lib/content/contentFiles.ts, read by yamlLoader and checked by its zod schema of
 * src/lib/content/schemas.ts, with Astro's image() helper for photos.
 */
import { defineCollection, type SchemaContext } from 'astro:content';
import { CONTENT_SOURCES, type ContentFile } from './lib/content/contentFiles.ts';
import { createSchemas } from './lib/content/schemas.ts';
import { yamlLoader } from './lib/content/yamlLoader.ts';

type Schemas = ReturnType<typeof createSchemas<ReturnType<SchemaContext['image']>>>;

/** Each collection with its own schema, as Astro's generated types read it (entry types, getCollection). */
type Collections = {
  [Source in ContentFile as Source['collection']]: {
    loader: ReturnType<typeof yamlLoader>;
    schema: (context: SchemaContext) => Schemas[Source['schema']];
  };
};

// Object.fromEntries cannot know which collection holds which schema: the type above says it.
export const collections = Object.fromEntries(
  CONTENT_SOURCES.map((source) => [
    source.collection,
    defineCollection({ loader: yamlLoader(source), schema: ({ image }) => createSchemas(image)[source.schema] }),
  ]),
) as Collections;
