/**
 * Owners are told when a System line turns red (a merge not live, a backup or drill failed, mail failing
 * for an hour, a disk nearly full): every owner with an e-mail address gets one mail when it turns red,
 * and one when it is mended, never one per check. Which lines are red, and since when, is kept in the
 * store (systemState.ts), so a restart or the next release does not send them again; the /Admin home
 * shows them at the top (SystemAlerts.astro).
 */
import { z } from 'zod';
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import type { StatusLine } from './statusLine.ts';
import type { SystemState } from './systemState.ts';

const RED_LINES = 'alerts.red';

const alertSchema = z.object({
  key: z.string(),
  title: z.string(),
  since: z.iso.datetime(),
  text: z.string(),
  todo: z.string().optional(),
  /** For the person who looks after the server (StatusLine's `detail`). */
  detail: z.string().optional(),
  /** false when no mail was sent for it (StatusLine's `mailed`): none is sent when it is mended either. */
  mailed: z.literal(false).optional(),
});
export type OwnerAlert = z.output<typeof alertSchema>;
const alertsSchema = z.array(alertSchema);

/** The lines red at the last check, oldest first. */
export function currentAlerts(state: SystemState): OwnerAlert[] {
  return state.get(RED_LINES, alertsSchema) ?? [];
}

export interface AlertOptions {
  state: SystemState;
  /** Mails every owner with an address (ownerNotices.ts); gives how many were sent. */
  notify: (subject: string, text: string) => Promise<number>;
  /** The System page's address, named in the mails. */
  systemPage: string;
  now?: Date;
  /** Told when a mail could not be sent. */
  warn?: (line: string) => void;
}

async function send(options: AlertOptions, subject: string, text: string): Promise<void> {
  try {
    await options.notify(subject, text);
  } catch (error) {
    options.warn?.(`Could not mail the owners "${subject}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Compares `lines` with the red lines last seen: mails the owners once for each line newly red and once
 * for each mended, and keeps the new set. Gives the keys raised and mended.
 */
export async function alertOwners(
  lines: readonly StatusLine[],
  options: AlertOptions,
): Promise<{ raised: string[]; mended: string[] }> {
  const { state, systemPage } = options;
  const now = (options.now ?? new Date()).toISOString();
  const before = currentAlerts(state);
  const red = lines.filter((line) => line.level === 'red');
  const raised = red.filter((line) => !before.some((alert) => alert.key === line.key));
  const mended = before.filter((alert) => !red.some((line) => line.key === alert.key));
  const next = red.map((line): OwnerAlert => {
    const known = before.find((alert) => alert.key === line.key);
    return {
      key: line.key,
      title: line.title,
      since: known?.since ?? now,
      text: line.text,
      ...(line.todo && { todo: line.todo }),
      ...(line.detail && { detail: line.detail }),
      ...(line.mailed === false && { mailed: false as const }),
    };
  });
  // Kept before the mails go: a crash while mailing does not mail again at the next start.
  state.set(RED_LINES, next);
  for (const line of raised.filter((each) => each.mailed !== false)) {
    await send(
      options,
      `ISA Tamilnadu website: ${line.title} needs action`,
      `${line.title}: ${line.text}\n\n${line.todo ? `What to do: ${line.todo}\n\n` : ''}The System page: ${systemPage}\nYou get one mail now and one when it is mended.\n${line.detail ? `\nFor the person who looks after the server: ${line.detail}\n` : ''}`,
    );
  }
  for (const alert of mended.filter((each) => each.mailed !== false)) {
    await send(
      options,
      `ISA Tamilnadu website: ${alert.title} is mended`,
      `${alert.title} is fine again (it needed action since ${formatIndiaDateTime(alert.since)}).\n\nThe System page: ${systemPage}\n`,
    );
  }
  return { raised: raised.map((line) => line.key), mended: mended.map((alert) => alert.key) };
}
