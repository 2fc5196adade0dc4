/**
 * The frame of a fake of the society's old events backend, for the browser tests
 * (tests/e2e/fakeEventsBackend.ts) and the importer's unit test: it reads each request's whole body (the
 * API's POSTs carry JSON), then `answer` replies, with `json` for the API's answers.
 */
import http from 'node:http';

interface FakeRequest {
  method: string;
  url: string;
  body: string;
}

type Answer = (request: FakeRequest, response: http.ServerResponse, json: (value: unknown) => unknown) => unknown;

export function fakeBackend(answer: Answer): http.Server {
  return http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const json = (value: unknown) =>
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      answer({ method: request.method ?? '', url: request.url ?? '', body }, response, json);
    });
  });
}
