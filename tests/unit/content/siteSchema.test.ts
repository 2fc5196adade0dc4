/**
 * The `activityPlaces` field of content/site.yaml: the places of the Monthly Activities filter.
 * Checked with the site schema itself (photos kept as their paths), refusals first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSchemas } from '../../../src/lib/content/schemas.ts';

const { site } = createSchemas(() => z.string());
const sample: unknown = parse(readFileSync(path.resolve(import.meta.dirname, '../../../content/site.yaml'), 'utf8'));

function withPlaces(places: unknown): unknown {
  if (typeof sample !== 'object' || sample === null) throw new Error('content/site.yaml is not a mapping');
  return { ...sample, activityPlaces: places };
}

/** The messages of the problems found in `activityPlaces`, or [] when the file is correct. */
function placeProblems(data: unknown): string[] {
  const result = site.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join(' › ')}: ${issue.message}`);
}

describe('site.yaml activityPlaces', () => {
  it.each([
    ['missing', undefined, /^activityPlaces: /],
    ['not a list', 'Tamil Nadu', /^activityPlaces: /],
    ['an empty list', [], /^activityPlaces: expected at least one place for the Monthly Activities filter/],
    ['an empty place', ['Tamil Nadu', '  '], /^activityPlaces › 1: expected a place, such as "Salem"; it is empty/],
    ['a place that is not text', ['Tamil Nadu', 7], /^activityPlaces › 1: expected a place, such as "Salem" as text/],
    ['a place listed twice', ['Tamil Nadu', 'Salem', 'salem '], /^activityPlaces: expected each place once/],
  ])('refuses %s', (_, places, message) => {
    expect(placeProblems(withPlaces(places))).toEqual([expect.stringMatching(message)]);
  });

  it('accepts one place or more, trimmed', () => {
    expect(site.parse(withPlaces([' Salem '])).activityPlaces).toEqual(['Salem']);
  });

  it('holds the spec’s five places in the sample content, Tamil Nadu first', () => {
    expect(site.parse(sample).activityPlaces).toEqual(['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai']);
  });
});
