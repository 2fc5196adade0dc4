/**
 * Drag to reorder the photos, with a mouse, a pen or a finger: the handle takes the
 * pointer (Pointer Events, so touch too; `touch-action: none` keeps the page from scrolling
 * under the finger), the photo moves to the place under the pointer as it goes, and the new place
 * is announced when it is dropped. Keyboards and screen readers have Move up / Move down.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

interface Identified {
  id: number;
}

/** Near the top or bottom of the screen, the page scrolls by this much per move. */
const EDGE_PX = 48;
const SCROLL_STEP_PX = 16;

export function useDragToReorder<Item extends Identified>(
  list: RefObject<HTMLOListElement | null>,
  items: Item[],
  setItems: (next: Item[]) => void,
  onDropped: (item: Item, index: number) => void,
) {
  const [draggingId, setDraggingId] = useState<number>();
  const current = useRef(items);
  current.current = items;

  /** The place under `y` for the item being dragged: how many other items' middles are above it. */
  const placeAt = (y: number, id: number) => {
    const rows = [...(list.current?.children ?? [])].filter((row) => row.id !== `photo-${id}`);
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top + box.height / 2 < y;
    }).length;
  };

  const start = (event: ReactPointerEvent<HTMLElement>, item: Item) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    setDraggingId(item.id);

    const move = (moveEvent: PointerEvent) => {
      if (moveEvent.clientY < EDGE_PX) window.scrollBy(0, -SCROLL_STEP_PX);
      else if (moveEvent.clientY > window.innerHeight - EDGE_PX) window.scrollBy(0, SCROLL_STEP_PX);
      const list = current.current;
      const from = list.findIndex((candidate) => candidate.id === item.id);
      const to = placeAt(moveEvent.clientY, item.id);
      if (from < 0 || from === to) return;
      const next = list.filter((candidate) => candidate.id !== item.id);
      next.splice(to, 0, item);
      current.current = next;
      setItems(next);
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      setDraggingId(undefined);
      const index = current.current.findIndex((candidate) => candidate.id === item.id);
      if (index >= 0) onDropped(item, index);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  return { draggingId, start };
}
