/**
 * Markdown for the content summary (GitHub's job summary and pull request comments are
 * GitHub-flavoured Markdown). Text from the content files is escaped so that it shows as written:
 * a title with "*" or "<b>" must not turn into emphasis or HTML.
 */

/** Characters that could start emphasis, code, links, HTML, tables, strikethrough or entities. */
const SPECIAL = /[\\`*_[\]<>|~&#]/g;

export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(SPECIAL, (character) => `\\${character}`);
}

/** Text from a content file, escaped and shortened for a one-line summary. */
export function shortText(text: string, limit = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return markdownText(flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat);
}

/** A value from a content file, quoted and shortened for a one-line summary. */
export function quoted(text: string, limit = 90): string {
  return `“${shortText(text, limit)}”`;
}

export interface PageChanges {
  /** The page or part of the site as visitors know it: "Office Bearers". */
  page: string;
  /** One line each, already Markdown. */
  changes: string[];
}

export function renderSummary({
  base,
  pages,
  broken,
  olderBase,
  textChanged,
}: {
  base: string;
  pages: readonly PageChanges[];
  /** Files with mistakes in the change. */
  broken: readonly string[];
  /** Files that are right now but did not fit today's rules at the base (a rule or field added since). */
  olderBase: readonly string[];
  textChanged: boolean;
}): string {
  const ref = `\`${base.replaceAll('`', '')}\``;
  const lines = ['## Content changes visitors will see', '', `Compared with ${ref}.`, ''];
  for (const file of broken) {
    lines.push(
      `> **${markdownText(file)}** has mistakes, so its changes are not described here: see the content check (\`npm run check:content\`) and its annotations.`,
      '',
    );
  }
  for (const file of olderBase) {
    lines.push(
      `> **${markdownText(file)}** at ${ref} does not fit today's content rules (it was written before a rule or field was added), so its changes are not described here: compare the page by hand.`,
      '',
    );
  }
  const visible = pages.filter((page) => page.changes.length > 0);
  if (visible.length === 0) {
    const skipped = broken.length + olderBase.length > 0;
    lines.push(
      skipped
        ? 'No other visible change.'
        : textChanged
          ? 'No visible change: the content files differ only in comments, spacing or quoting.'
          : 'No visible change: no content file changed.',
      '',
    );
  }
  for (const page of visible) {
    lines.push(`### ${markdownText(page.page)}`, '', ...page.changes.map((line) => `- ${line}`), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
