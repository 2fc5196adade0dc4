/** How the content tests walk a JSON Schema (src/lib/content/jsonSchemas.ts) field by field. */

/**
 * The sub-schemas of `schema`, each with its step in a field path: a property's name, "*" for a list's items (one
 * schema for every item, or one per position: the six state offices in order), none for a choice (anyOf, oneOf).
 */
export function schemaChildren(schema: object): [string | undefined, unknown][] {
  const children: [string | undefined, unknown][] = [];
  const properties: unknown = Reflect.get(schema, 'properties');
  if (typeof properties === 'object' && properties !== null) children.push(...Object.entries(properties));
  const items: unknown = Reflect.get(schema, 'items');
  if (Array.isArray(items)) children.push(...items.map((item): [string, unknown] => ['*', item]));
  else if (items) children.push(['*', items]);
  for (const key of ['anyOf', 'oneOf']) {
    const options: unknown = Reflect.get(schema, key);
    if (Array.isArray(options)) children.push(...options.map((option): [undefined, unknown] => [undefined, option]));
  }
  return children;
}
