/**
 * Content problems as GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`),
 * which GitHub shows as annotations on the pull request's changed lines. Escaping follows
 * GitHub's toolkit (@actions/core, command.ts): in the message "%", "\r" and "\n"; in the
 * properties also ":" and ",", which would otherwise end a property.
 */
import type { ContentProblem } from '../../src/lib/content/problems.ts';

export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

export function workflowCommand(kind: 'error' | 'warning', problem: ContentProblem): string {
  const title = [problem.entry, problem.field].filter(Boolean).join(' › ');
  const properties = [
    `file=${escapeProperty(problem.file)}`,
    ...(problem.line ? [`line=${problem.line}`] : []),
    `title=${escapeProperty(title ? `${kind === 'error' ? 'Content mistake' : 'Content warning'}: ${title}` : kind === 'error' ? 'Content mistake' : 'Content warning')}`,
  ];
  const field = problem.field ? `"${problem.field}": ` : '';
  return `::${kind} ${properties.join(',')}::${escapeData(`${field}${problem.message}`)}`;
}

/** Whether this process runs as a step of a GitHub Actions workflow. */
export function inGitHubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['GITHUB_ACTIONS'] === 'true';
}
