/**
 * GET /Admin/messages/export: the messages as a CSV file a spreadsheet opens with the right
 * characters (UTF-8 with a byte-order mark) and whose cells cannot run as formulas
 * (exportMessages.ts). The list's filter and search choose what goes in; `every=1` takes all.
 */
import type { APIRoute } from 'astro';
import { signedIn } from '../../../server/admin/adminGuard.ts';
import { messagesCsvFile } from '../../../server/contact/exportMessages.ts';
import { FILTER_LABELS, messageQueryOf } from '../../../server/contact/officeMessages.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals, url }) => {
  const { services, session } = signedIn(locals);
  const every = url.searchParams.get('every') === '1';
  const query = messageQueryOf(url.searchParams);
  const messages = services.messages.all(every ? undefined : query);
  services.audit.record({
    username: session.username,
    action: 'messages-exported',
    detail: `${messages.length} messages (${every ? 'every message' : FILTER_LABELS[query.filter]}${query.search && !every ? ', searched' : ''})`,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(messagesCsvFile(messages), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages-${day}.csv"`,
    },
  });
};
