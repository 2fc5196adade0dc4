/**
 * A modal dialog built on the native <dialog> element, shared by the islands that open
 * overlays (the song video, the gallery). showModal() makes the rest of the page inert, so
 * focus moves in and stays in; Escape, the close button and a click on the backdrop close it;
 * focus returns to the element that opened it.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name. */
  label: string;
  /** The accessible name of the close button. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

export function ModalDialog({ open, onClose, label, closeLabel = 'Close', className, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) {
        openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      }
      return;
    }
    if (dialog.open) dialog.close();
    // Focus returns once the page has re-rendered, so an opener hidden while open is visible again.
    openerRef.current?.focus();
    openerRef.current = null;
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [onClose]);

  return (
    // A click that lands on the <dialog> itself (not its content) is a click on the backdrop.
    // Keyboard users close it with Escape or the close button, so no key handler is needed here.
    <dialog
      ref={dialogRef}
      aria-label={label}
      className={['modal-dialog', className].filter(Boolean).join(' ')}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <button type="button" className="modal-dialog__close" onClick={() => dialogRef.current?.close()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{closeLabel}</span>
      </button>
      {open ? children : null}
    </dialog>
  );
}
