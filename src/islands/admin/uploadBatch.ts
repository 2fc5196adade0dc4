/**
 * The files of an upload batch, kept in this browser (localStorage: closing the browser does not
 * lose it) until all have arrived or been refused, so that a page closed mid-upload says on
 * return which files arrived and which to choose again. Whether a file arrived is told by the
 * event's photos (the name and size of the file each came from), not by this browser's memory.
 */

export interface BatchFile {
  name: string;
  size: number;
}

const keyOf = (eventId: number) => `isa-admin-upload:${eventId}`;

function read(eventId: number): BatchFile[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(eventId)) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.flatMap((file: unknown) => {
      if (typeof file !== 'object' || file === null) return [];
      const name: unknown = Reflect.get(file, 'name');
      const size: unknown = Reflect.get(file, 'size');
      return typeof name === 'string' && typeof size === 'number' ? [{ name, size }] : [];
    });
  } catch {
    return [];
  }
}

function write(eventId: number, files: readonly BatchFile[]) {
  try {
    if (files.length === 0) localStorage.removeItem(keyOf(eventId));
    else localStorage.setItem(keyOf(eventId), JSON.stringify(files));
  } catch {
    // A full or refused storage only loses the note on return.
  }
}

/** Notes files about to go up. */
export function rememberFiles(eventId: number, files: readonly BatchFile[]): void {
  write(eventId, [...read(eventId), ...files.map(({ name, size }) => ({ name, size }))]);
}

/** Forgets the batch: every file arrived or was refused for what it is. */
export function forgetBatch(eventId: number): void {
  write(eventId, []);
}

/**
 * The files of a batch left unfinished (the page was closed), split by whether the event has a
 * photo from each; then forgotten. Undefined when no batch was left.
 */
export function unfinishedBatch(
  eventId: number,
  stored: readonly BatchFile[],
): { arrived: BatchFile[]; missing: BatchFile[] } | undefined {
  const files = read(eventId);
  write(eventId, []);
  if (files.length === 0) return undefined;
  const has = (file: BatchFile) => stored.some((photo) => photo.name === file.name && photo.size === file.size);
  return { arrived: files.filter(has), missing: files.filter((file) => !has(file)) };
}
