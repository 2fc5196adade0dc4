/**
 * The production build (what `npm start` serves, and what is copied to a server) never holds
 * two paths that differ only in letter case: on macOS and Windows they would be one file.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { caseCollisions, filesUnder } from '../casePaths.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');

test('the build writes no two paths that differ only in letter case', () => {
  const files = filesUnder(dist);
  expect(files).toEqual(expect.arrayContaining(['client/index.html', 'client/Gallery/index.html']));
  expect(caseCollisions(files)).toEqual([]);
});
