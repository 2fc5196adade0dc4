/**
 * Runs a function just before a response's status line and headers are sent, when every
 * header the handlers set is known (the same hook the `compression` middleware relies on).
 * Headers passed to writeHead() are set on the response first, so the function sees them.
 */
import type http from 'node:http';

type HeaderList = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[];

function applyHeaders(response: http.ServerResponse, headers: HeaderList | undefined) {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) response.setHeader(name, value);
    }
    return;
  }
  // Either [[name, value], ...] or the flat [name, value, name, value, ...] of raw headers.
  const pairs = headers.every(Array.isArray)
    ? headers.map((pair) => (Array.isArray(pair) ? pair : []))
    : headers.flatMap((item, index) => (index % 2 === 0 ? [[item, headers[index + 1]]] : []));
  for (const [name, value] of pairs) {
    if (typeof name !== 'string' || value === undefined) continue;
    response.appendHeader(name, typeof value === 'number' ? String(value) : value);
  }
}

export function onHeaders(response: http.ServerResponse, listener: (response: http.ServerResponse) => void): void {
  const writeHead = response.writeHead.bind(response);
  let fired = false;
  response.writeHead = (statusCode: number, reasonOrHeaders?: string | HeaderList, headers?: HeaderList) => {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    response.statusCode = statusCode;
    applyHeaders(response, typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders);
    if (!fired) {
      fired = true;
      listener(response);
    }
    return reason === undefined ? writeHead(response.statusCode) : writeHead(response.statusCode, reason);
  };
}
