/**
 * How the autosave of the photos stands, in words: quietly "All changes saved" or "Saving…"; an
 * ended session or a failure as an alert held at the foot of the screen while the photos are in
 * view (seen on a phone wherever the office is in the list), with Sign in again (back to this
 * page) or Retry.
 */
import { signInAgainHref } from './adminRequest.ts';
import type { SaveState } from './usePhotoAutosave.ts';

interface Props {
  status: SaveState;
  onRetry: () => void;
}

export function SaveStatus({ status, onRetry }: Props) {
  if (status.state === 'signed-out' || status.state === 'failed') {
    return (
      <div className="save-status save-status--problem" role="alert">
        <p>{status.message}</p>
        {status.state === 'signed-out' ? (
          <a className="button button--small" href={signInAgainHref()}>
            Sign in again
          </a>
        ) : (
          <button type="button" className="button button--small" onClick={onRetry}>
            Retry saving
          </button>
        )}
      </div>
    );
  }
  return (
    <p className="admin-hint save-status" data-save-state={status.state}>
      {status.state === 'saved' ? 'All changes saved.' : 'Saving…'}
    </p>
  );
}
