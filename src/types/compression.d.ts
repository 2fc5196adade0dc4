/**
 * Types for the `compression` middleware as this project uses it: with Node's own http
 * request and response objects (it is connect-style middleware and needs nothing else).
 */
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface CompressionOptions {
    /** Responses smaller than this many bytes are sent as they are. */
    threshold?: number | string;
    level?: number;
    filter?: (request: IncomingMessage, response: ServerResponse) => boolean;
  }

  type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

  function compression(options?: CompressionOptions): Middleware;
  export default compression;
}
