/** The confirmation shown after a change (the page it led to names it in `?done=`). */
const MESSAGES: Readonly<Record<string, string>> = {
  created: 'The draft is saved. Now add its photos, then Publish.',
  published: 'Published: the event is on the public site now.',
  draft: 'Saved as a draft: only the admin can see it.',
  unpublished: 'Unpublished: visitors no longer see it. It is kept here as a draft.',
  'photo-removed': 'The photo was removed.',
  deleted: 'The event was deleted.',
  handled: 'Marked as handled.',
  'not-handled': 'Marked as not handled.',
  released: 'Moved to the inbox.',
  'message-deleted': 'The message was deleted.',
  'user-removed': 'The account was removed; its sessions have ended.',
  'link-withdrawn': 'The link was withdrawn: it no longer works.',
};

export function doneMessage(search: URLSearchParams): string | undefined {
  return MESSAGES[search.get('done') ?? ''];
}
