/**
 * What a visitor typed into a server-rendered field before its island hydrated (on a slow phone
 * a page can be typed into first). An island starts its state from it, so hydration keeps the
 * text instead of replacing it with the value the server rendered.
 */
export function typedBeforeHydration(fieldId: string, rendered = ''): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(fieldId);
  const isField = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
  return isField && field.value !== rendered ? field.value : undefined;
}
