/**
 * The one reading of an id (an event's, a photo's) from what a request carries: a route
 * parameter ("/Events/12"), a JSON body ({"eventId": 12} or {"eventId": "12"}) or a form field.
 * An id is a positive whole number; written as text it is decimal digits only, so "1e3", "0x10",
 * "+3", "12.0" and "" name no id (Number() would take most of them).
 */

/** The id `value` names, or undefined when it names none. */
export function parseId(value: unknown): number | undefined {
  const id = typeof value === 'string' ? (/^\d+$/.test(value) ? Number(value) : undefined) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
