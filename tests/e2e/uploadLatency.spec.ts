/**
 * Issue 35: an editor's upload of very large photos cannot slow visitors more than a little. Two 16-bit PNGs of
 * 40 megapixels (a third of the 120 MP the reviewer sent and the intake allows, so the test takes seconds, not a
 * minute: the decoding competes for the cores the same way) are uploaded at once through the admin's upload endpoint
 * of a server of the test's own, while a public page is asked for again and again (scripts/bench/uploadLatency.ts;
 * `npm run bench -- --only uploads` does it with 120 MP). The intake decodes one photo at a time with one libvips
 * thread (src/server/photos/photoIntake.ts), so the other core serves visitors. Generous bound: the page's median
 * time meanwhile at most three times its median alone, plus 25 ms (before: 18 -> 137 ms with 120 MP photos).
 */
import { expect, test } from '@playwright/test';
import { largePng, measureUploadLatency } from '../../scripts/bench/uploadLatency.ts';
import { freePort } from './ownServer.ts';

test('two very large PNGs uploaded at once slow a public page by little', async () => {
  test.setTimeout(180_000);
  const png = await largePng(40);
  const { alone, meanwhile, uploadSeconds, answers } = await measureUploadLatency([png, png], {
    port: await freePort(),
  });
  console.info(
    `/monthly-activities: median ${alone.median.toFixed(0)} ms alone, ${meanwhile.median.toFixed(0)} ms during ${uploadSeconds.toFixed(1)} s of uploads (${meanwhile.times.length} requests)`,
  );
  expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  expect(meanwhile.times.length).toBeGreaterThanOrEqual(5);
  expect(meanwhile.median).toBeLessThanOrEqual(alone.median * 3 + 25);
});
