/**
 * Dates as the office writes them in the admin's event form: day first, dd/mm/yyyy (14/03/2025),
 * as dates are written in India; the store keeps them as ISO dates (2025-03-14). A date written
 * yyyy-mm-dd is taken too.
 */

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO date `text` names (day first, or ISO), or undefined when it names none (31/02/2025). */
export function isoDateOf(text: string): string | undefined {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  const iso = ISO.exec(trimmed);
  const [year, month, day] = dayFirst
    ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An ISO date written day first ("14/03/2025"); anything else as it is. */
export function indianDate(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
