/**
 * The bare server of `npm run bench`: a plain node:http server that answers every request with
 * one recorded answer (status, headers and body bytes, as the site's server sent them), so a
 * load test can compare the site with the least any Node server could do for the same answer.
 * It reads the request body to its end before answering, as the site does.
 *
 *   node scripts/replayServer.ts ANSWER.json PORT
 *
 * ANSWER.json: {"status": 200, "headers": [["Content-Type", "..."], ...], "body": "<base64>"}.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { z } from 'zod';

const recordedAnswerSchema = z.object({
  status: z.number().int(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: z.base64(),
});
export type RecordedAnswer = z.infer<typeof recordedAnswerSchema>;

/** Headers node:http writes itself for each connection and answer; never replayed. */
export const PER_CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

function serveRecordedAnswer(answer: RecordedAnswer): http.Server {
  const body = Buffer.from(answer.body, 'base64');
  const headers = [...answer.headers.flat(), 'Content-Length', String(body.byteLength)];
  return http.createServer((request, response) => {
    request.resume();
    request.once('end', () => response.writeHead(answer.status, headers).end(body));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, port] = process.argv.slice(2);
  if (!file || !port) throw new Error('Usage: node scripts/replayServer.ts ANSWER.json PORT');
  const answer = recordedAnswerSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  serveRecordedAnswer(answer).listen(Number(port), '127.0.0.1', () => {
    console.info(`Replaying one recorded answer on http://127.0.0.1:${port}`);
  });
}
