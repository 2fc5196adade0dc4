/**
 * Rules about a whole list of entries (one YAML file of many entries), which no schema of a
 * single entry can check. Each finding names the entry and field it is about, so that it is
 * reported with its line, and mentions the lines of the other entries concerned.
 */

export interface ListItem {
  /** The position in the file, from 0. */
  index: number;
  data: Readonly<Record<string, unknown>>;
  /** The entry as messages name it: "webinar 3 (“Airway basics”)". */
  label: string;
  /** The line of one of its fields, or of the entry itself. */
  line(field?: string): number | undefined;
}

export interface ListFinding {
  /** The entry the finding is reported on (its line and label); none for the file as a whole. */
  item?: ListItem;
  /** The line of a finding about the file as a whole (for an annotation on the pull request). */
  line?: number;
  field?: string;
  message: string;
}

export type ListRule = (items: readonly ListItem[]) => ListFinding[];

/** "webinar 1 (line 11)" */
function where(item: ListItem, field?: string): string {
  const line = item.line(field);
  return line ? `${item.label} (line ${line})` : item.label;
}

function listed(items: readonly ListItem[], field?: string): string {
  return items.map((item) => where(item, field)).join(', ');
}

/**
 * Every entry has its own value of `field` (such as a webinar's video address, called `name` in
 * messages); each repeat names the first.
 */
export function uniqueValues({ field, name, entryName }: { field: string; name: string; entryName: string }): ListRule {
  return (items) => {
    const first = new Map<string, ListItem>();
    const findings: ListFinding[] = [];
    for (const item of items) {
      const value = item.data[field];
      if (value === undefined || value === null) continue;
      const key = String(value);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, item);
        continue;
      }
      findings.push({
        item,
        field,
        message: `the ${name} ${key} is already used by ${where(earlier, field)}; every ${entryName} needs its own ${name}`,
      });
    }
    return findings;
  };
}

/** The list has exactly `count` entries. Too many: reported on the first extra; too few: on the last. */
export function exactCount({
  count,
  entriesName,
  reason,
}: {
  count: number;
  entriesName: string;
  reason: string;
}): ListRule {
  return (items) => {
    if (items.length === count) return [];
    const found = items.length === 0 ? 'there are none' : `there are ${items.length}: ${listed(items)}`;
    const advice = items.length > count ? `remove ${items.length - count}` : `add ${count - items.length}`;
    const extra = items.length > count ? items[count] : undefined;
    const last = items.at(-1)?.line();
    return [
      {
        ...(extra ? { item: extra } : last ? { line: last } : {}),
        message: `expected exactly ${count} ${entriesName} (${reason}), but ${found}; ${advice}`,
      },
    ];
  };
}

/**
 * Exactly `count` entries have `field: true`. The finding lists every entry that has it, with
 * its line, and is reported on the first one beyond `count` (too many) or the first one (too few).
 */
export function exactlyFlagged({
  field,
  count,
  entriesName,
  reason,
}: {
  field: string;
  count: number;
  entriesName: string;
  reason: string;
}): ListRule {
  return (items) => {
    const flagged = items.filter((item) => item.data[field] === true);
    if (flagged.length === count) return [];
    const which = flagged.length === 0 ? 'none has it' : `${flagged.length} have it: ${listed(flagged, field)}`;
    const advice =
      flagged.length > count
        ? `set "${field}: false" on ${flagged.length - count === 1 ? 'one of them' : `${flagged.length - count} of them`}`
        : `set "${field}: true" on ${count - flagged.length === 1 ? 'one more' : `${count - flagged.length} more`}`;
    const item = flagged.length > count ? flagged[count] : (flagged[0] ?? items[0]);
    return [
      {
        ...(item ? { item } : {}),
        field,
        message: `exactly ${count} ${entriesName} must have "${field}: true" (${reason}), but ${which}; ${advice}`,
      },
    ];
  };
}

/**
 * Each of `offices` is held once, in this order (`field` of each entry). Titles that are not
 * offices at all are left to the schema, which lists the offices.
 */
export function officesInOrder({
  field,
  offices,
  entryName,
}: {
  field: string;
  offices: readonly string[];
  entryName: string;
}): ListRule {
  const order = `the page shows them in this order: ${offices.join(', ')}`;
  return (items) => {
    const findings: ListFinding[] = [];
    const holders = new Map<string, ListItem>();
    let latest: { rank: number; item: ListItem } | undefined;
    for (const item of items) {
      const office = item.data[field];
      const rank = typeof office === 'string' ? offices.indexOf(office) : -1;
      if (typeof office !== 'string' || rank < 0) continue;
      const holder = holders.get(office);
      if (holder) {
        findings.push({
          item,
          field,
          message: `"${office}" is already held by ${where(holder, field)}; each office is listed once`,
        });
        continue;
      }
      holders.set(office, item);
      if (latest && rank < latest.rank) {
        findings.push({
          item,
          field,
          message: `"${office}" must come before "${String(latest.item.data[field])}" (${where(latest.item, field)}): ${order}`,
        });
      }
      if (!latest || rank > latest.rank) latest = { rank, item };
    }
    const missing = offices.filter((office) => !holders.has(office));
    const firstLine = items[0]?.line();
    if (missing.length > 0 && items.length > 0) {
      findings.push({
        ...(firstLine ? { line: firstLine } : {}),
        message: `no ${entryName} holds ${missing.map((office) => `"${office}"`).join(', ')}: ${order}`,
      });
    }
    return findings;
  };
}
