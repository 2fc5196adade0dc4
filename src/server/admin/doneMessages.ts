/**
 * The confirmation shown after a change (the page it led to names it in `?done=`). The value comes from the
 * address, so it is looked up in a Map: an object's inherited names (`valueOf`, `constructor`, `__proto__`)
 * would otherwise be found too, and a function rendered into the page throws while it streams.
 */
const MESSAGES: ReadonlyMap<string, string> = new Map([
  ['created', 'The draft is saved. Now add its photos, then Publish.'],
  ['published', 'Published: the event is on the public site now.'],
  ['draft', 'Saved as a draft: only the admin can see it.'],
  ['unpublished', 'Unpublished: visitors no longer see it. It is kept here as a draft.'],
  ['photo-removed', 'The photo was removed.'],
  ['deleted', 'The event was deleted.'],
  ['handled', 'Marked as answered.'],
  ['not-handled', 'Marked as not answered.'],
  ['released', 'Moved to the inbox.'],
  ['message-deleted', 'The message was deleted.'],
  ['user-removed', 'The account was removed; its sessions have ended.'],
  ['link-withdrawn', 'The link was withdrawn: it no longer works.'],
]);

export function doneMessage(search: URLSearchParams): string | undefined {
  return MESSAGES.get(search.get('done') ?? '');
}
