import { useState, type DragEvent } from 'react';

export interface DragItemProps {
  draggable: true;
  onDragStart(e: DragEvent): void;
  onDragOver(e: DragEvent): void;
  onDrop(e: DragEvent): void;
  onDragEnd(): void;
  'data-dragging'?: boolean;
  'data-drop-target'?: boolean;
}

/** HTML drag and drop over a list: drop an item on another to move it to that place. */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  function itemProps(index: number): DragItemProps {
    return {
      draggable: true,
      onDragStart(e) {
        setDragging(index);
        e.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only when some data is set.
        e.dataTransfer.setData('text/plain', String(index));
      },
      onDragOver(e) {
        if (dragging === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (over !== index) setOver(index);
      },
      onDrop(e) {
        e.preventDefault();
        if (dragging !== null && dragging !== index) onMove(dragging, index);
        setDragging(null);
        setOver(null);
      },
      onDragEnd() {
        setDragging(null);
        setOver(null);
      },
      'data-dragging': dragging === index || undefined,
      'data-drop-target': (over === index && dragging !== index) || undefined,
    };
  }

  return { itemProps, dragging };
}
