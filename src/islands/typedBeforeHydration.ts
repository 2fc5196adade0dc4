/**
 * What a visitor typed or chose in a server-rendered field before its island hydrated (on a slow
 * phone a page can be used first), when it differs from what the server `rendered`. An island
 * starts its state from it, so hydration keeps the visitor's text or choice.
 */
export function typedBeforeHydration(fieldId: string, rendered = ''): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(fieldId);
  const isField =
    field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
  return isField && field.value !== rendered ? field.value : undefined;
}
