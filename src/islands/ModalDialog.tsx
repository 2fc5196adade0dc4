/**
 * A modal dialog built on the native <dialog> element, shared by the islands that open
 * overlays (the song video, the gallery). showModal() makes the rest of the page inert and
 * moves focus in; two focus guards keep it in, as the WAI-ARIA dialog pattern asks: Tab from
 * the last control wraps to the first and Shift+Tab from the first to the last, even when the
 * last is a video frame from another site (whose keys this page never sees). Escape, the close
 * button and a click on the backdrop close it; focus returns to the element that opened it.
 */
import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import './ModalDialog.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"]):not([data-focus-guard])`)
  .join(', ');

/** The dialog's own controls that Tab reaches, in order (the guards excluded). */
function focusableIn(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

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

  const focusEdge = (edge: 'first' | 'last') => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const controls = focusableIn(dialog);
    (edge === 'first' ? controls[0] : controls.at(-1))?.focus();
  };
  // Before the first control: reached by Shift+Tab from it (wrap to the last), or by the
  // browser moving focus into the dialog as it opens (go to the first).
  const onStartGuardFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    focusEdge(from instanceof Node && dialogRef.current?.contains(from) ? 'last' : 'first');
  };

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
      <span tabIndex={0} className="modal-dialog__guard" data-focus-guard="" onFocus={onStartGuardFocus} />
      <button type="button" className="modal-dialog__close round-button" onClick={() => dialogRef.current?.close()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{closeLabel}</span>
      </button>
      {open ? children : null}
      {/* After the last control: Tab from it (or out of a video frame) wraps to the first. */}
      <span tabIndex={0} className="modal-dialog__guard" data-focus-guard="" onFocus={() => focusEdge('first')} />
    </dialog>
  );
}
