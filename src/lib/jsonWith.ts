/**
 * JSON someone else wrote (a file, a socket's line, a stored value), read with a zod schema:
 * undefined when it is not JSON or does not fit, never an exception.
 */
import type { z } from 'zod';

export function jsonWith<T extends z.ZodType>(schema: T, text: string): z.output<T> | undefined {
  try {
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
