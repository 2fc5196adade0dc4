/**
 * Every content collection of the site. Each collection reads YAML files under content/
 * (listed in src/lib/content/contentFiles.ts) and is checked by the zod schemas of
 * src/lib/content/schemas.ts, with Astro's image() helper for photos.
 */
import { defineCollection } from 'astro:content';
import { contentSource } from './lib/content/contentFiles.ts';
import { createSchemas } from './lib/content/schemas.ts';
import { yamlLoader } from './lib/content/yamlLoader.ts';

export const collections = {
  site: defineCollection({
    loader: yamlLoader(contentSource('site')),
    schema: ({ image }) => createSchemas(image).site,
  }),
  home: defineCollection({
    loader: yamlLoader(contentSource('home')),
    schema: ({ image }) => createSchemas(image).home,
  }),
  privacy: defineCollection({
    loader: yamlLoader(contentSource('privacy')),
    schema: ({ image }) => createSchemas(image).privacy,
  }),
  webinars: defineCollection({
    loader: yamlLoader(contentSource('webinars')),
    schema: ({ image }) => createSchemas(image).webinar,
  }),
  conclave: defineCollection({
    loader: yamlLoader(contentSource('conclave')),
    schema: ({ image }) => createSchemas(image).conclave,
  }),
  stateBearers: defineCollection({
    loader: yamlLoader(contentSource('stateBearers')),
    schema: ({ image }) => createSchemas(image).stateBearer,
  }),
  milestones: defineCollection({
    loader: yamlLoader(contentSource('milestones')),
    schema: ({ image }) => createSchemas(image).milestone,
  }),
  branches: defineCollection({
    loader: yamlLoader(contentSource('branches')),
    schema: ({ image }) => createSchemas(image).branch,
  }),
  galleries: defineCollection({
    loader: yamlLoader(contentSource('galleries')),
    schema: ({ image }) => createSchemas(image).gallery,
  }),
};
