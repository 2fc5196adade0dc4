/** `text` safe inside XML or SVG text and attribute values: <, >, &, " and ' as character references. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
