/**
 * The container's health check (the Dockerfile's HEALTHCHECK): asks the server running on this
 * machine for GET /healthz and exits 0 when it answers 200 (the server and its store can answer),
 * 1 otherwise or after 4 seconds. The slim image has no curl; Node is there anyway.
 */
const port = process.env['PORT'] || '4321';
fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) }).then(
  (answer) => process.exit(answer.ok ? 0 : 1),
  () => process.exit(1),
);
