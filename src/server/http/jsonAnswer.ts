/** What the site's JSON endpoints share: their headers, their answers and how they read a Content-Type. */

/** JSON, never stored by a cache (every JSON answer here is to one request). */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_ANSWER_HEADERS, ...headers } });
}

/** The 405 an endpoint that takes only POST gives `method`: its status, JSON body and headers. */
export function notPost(method: string) {
  return { status: 405, body: { error: `${method} is not allowed here; use POST` }, headers: { Allow: 'POST' } };
}

/** The media type of a Content-Type header, lower case, without parameters: "application/json". */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}
