/**
 * A mistake (or a warning) found in a content file, and how it is written for the office staff
 * who fix it: the file, the line, the entry, the field and what was expected.
 */

export interface ContentProblem {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line?: number;
  /** "webinar 3 (id 12, “Airway basics”)" */
  entry?: string;
  /** "bearers › item 4 › phone" */
  field?: string;
  message: string;
}

export function formatProblem(problem: ContentProblem): string {
  const where = [problem.file, problem.line ? `line ${problem.line}` : undefined, problem.entry]
    .filter(Boolean)
    .join(', ');
  const field = problem.field ? `"${problem.field}": ` : '';
  return `${where}: ${field}${problem.message}`;
}

/** Turns a list of mistakes into one error message, or nothing if there are none. */
export function problemReport(problems: readonly ContentProblem[]): string | undefined {
  if (problems.length === 0) return undefined;
  const heading =
    problems.length === 1
      ? 'There is a mistake in the site content:'
      : `There are ${problems.length} mistakes in the site content:`;
  return [heading, ...problems.map((problem) => `  - ${formatProblem(problem)}`)].join('\n');
}

/** Warnings do not stop the site from being built, but deserve a look. */
export function warningReport(warnings: readonly ContentProblem[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const heading =
    warnings.length === 1
      ? 'One thing in the site content deserves a look (it does not stop the site from being built):'
      : `${warnings.length} things in the site content deserve a look (they do not stop the site from being built):`;
  return [heading, ...warnings.map((warning) => `  - ${formatProblem(warning)}`)].join('\n');
}
