/**
 * One photo's card in the event editor (PhotoManager.tsx): its picture with the drag handle, its
 * Description (beside whose label the name and size of the file it came from show until it has
 * one, so the office can tell which files arrived), Cover, Move up / Move down and Delete (asked in place).
 */
import type { PointerEvent } from 'react';
import type { EditorPhoto } from './photoAnswers.ts';

interface Props {
  photo: EditorPhoto;
  index: number;
  count: number;
  eventId: number;
  isCover: boolean;
  hydrated: boolean;
  dragging: boolean;
  confirming: boolean;
  error: string | undefined;
  onDragStart: (event: PointerEvent<HTMLElement>) => void;
  onDescription: (description: string) => void;
  onCover: () => void;
  onMove: (by: -1 | 1) => void;
  onAskRemove: () => void;
  onCancelRemove: () => void;
  onRemove: () => void;
}

/** A file's size for people: "850 KB", "2.4 MB". */
function sizeInWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function PhotoCard(props: Props) {
  const { photo, index, count, eventId, isCover, hydrated, dragging, confirming, error } = props;
  const fileName = photo.originalName ?? '';
  const small = 'button button--outline button--small';
  return (
    <li id={`photo-${photo.id}`} className={`photo-item${dragging ? ' photo-item--dragging' : ''}`}>
      <div className="photo-item__picture">
        <img
          src={photo.thumbnail}
          alt={photo.description || `Photo ${index + 1}${fileName ? ` (${fileName})` : ''}`}
          width={160}
          height={120}
        />
        {hydrated && (
          <span className="photo-item__drag" aria-hidden="true" onPointerDown={props.onDragStart}>
            ⠿ Drag
          </span>
        )}
      </div>
      <div className="photo-item__fields">
        <div className="admin-field">
          <label htmlFor={`description_${photo.id}`}>
            Description<span className="visually-hidden"> of photo {index + 1}</span>
            {!photo.description && fileName && (
              <span className="admin-hint photo-item__file" data-file-name>
                {' '}
                {fileName}
                {photo.originalSize ? ` · ${sizeInWords(photo.originalSize)}` : ''}
              </span>
            )}
          </label>
          <input
            id={`description_${photo.id}`}
            name={`description_${photo.id}`}
            maxLength={300}
            value={photo.description}
            onChange={(event) => props.onDescription(event.currentTarget.value)}
          />
        </div>
        <label className="photo-item__cover">
          <input type="radio" name="cover" value={photo.id} checked={isCover} onChange={props.onCover} /> Cover
          <span className="visually-hidden"> (photo {index + 1})</span>
        </label>
        <div className="admin-actions" role="group" aria-label={`Photo ${index + 1} of ${count}`}>
          <button
            type="button"
            className={small}
            data-move="up"
            disabled={!hydrated || index === 0}
            onClick={() => props.onMove(-1)}
          >
            Move up
          </button>
          <button
            type="button"
            className={small}
            data-move="down"
            disabled={!hydrated || index === count - 1}
            onClick={() => props.onMove(1)}
          >
            Move down
          </button>
          {confirming ? (
            <>
              <span className="admin-error">Delete this photo?</span>
              <button
                type="button"
                className="button button--danger button--small"
                data-confirm
                onClick={props.onRemove}
              >
                Yes, delete
              </button>
              <button type="button" className={small} onClick={props.onCancelRemove}>
                Cancel
              </button>
            </>
          ) : hydrated ? (
            <button type="button" className={small} data-remove onClick={props.onAskRemove}>
              Delete<span className="visually-hidden"> photo {index + 1}</span>
            </button>
          ) : (
            <a className={small} href={`/Admin/events/${eventId}/photos/${photo.id}/delete`}>
              Delete<span className="visually-hidden"> photo {index + 1}</span>
            </a>
          )}
        </div>
        {error && (
          <p role="alert" className="admin-error">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
