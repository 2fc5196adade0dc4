/**
 * Who may see an event photo at /Admin/uploads/ (uploads.ts serves it): a photo of a published
 * event, anyone; a photo of a draft (an event never published, or unpublished since, for consent
 * say), only signed-in staff, in the admin and its preview; anyone else gets 404, as if it did
 * not exist. The session is looked up only for a photo that is not public, so the public's
 * requests cost no session work. Events from the society's backend have no drafts: all public.
 */
import type { EventsSource } from './events/EventsSource.ts';
import type { PhotoAudience } from './uploads.ts';

/** The audience of each photo of `source`; `signedIn` says (when asked) whether the request has a live session. */
export function photoAudience(source: EventsSource, signedIn: () => boolean): (checked: string) => PhotoAudience {
  const isPublic = source.isPublicPhoto?.bind(source);
  if (!isPublic) return () => 'public';
  return (checked) => {
    if (isPublic(checked)) return 'public';
    return signedIn() ? 'staff' : undefined;
  };
}
