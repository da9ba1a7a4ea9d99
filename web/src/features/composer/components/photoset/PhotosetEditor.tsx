// The photo set in the photo form (spec 000 §2.11, §4 Photoset): its photos in the rows of its
// layout, the layout to choose, and drag to reorder (dnd-kit: a pointer that slides 20 px
// starts a drag; Space and the arrow keys do it from the keyboard). The order the photos end
// in is the order the save sends (post[photoset_order]).
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useMemo, useState } from 'react';
import { photosetRows } from '../../../posts/photoset';
import { useComposerForm } from '../../formContext';
import { PhotoCard } from './PhotoCard';
import { LayoutChooser } from './LayoutChooser';
import {
  PHOTOSET_ANIMATION_MS,
  PHOTOSET_DRAG_SLIDE_PX,
  PHOTOSET_EDITOR_PADDING,
  PHOTOSET_EDITOR_WIDTH,
  PHOTOSET_GHOST_MAX_HEIGHT,
  PHOTOSET_GHOST_WIDTH,
  photosetAutoScroll,
  type PhotosetDragState,
} from './photosetDrag';

export function PhotosetEditor() {
  const { post, dispatch, disabled } = useComposerForm();
  const { photos, layout } = post.fields;
  const [dragState, setDragState] = useState<PhotosetDragState>('idle');
  const [active, setActive] = useState<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: PHOTOSET_DRAG_SLIDE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // §4: locked while the photos settle after a drop.
  useEffect(() => {
    if (dragState !== 'locked') return;
    const timer = setTimeout(() => setDragState('idle'), PHOTOSET_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [dragState]);

  const ids = useMemo(() => photos.map((p) => p.id), [photos]);
  // Each photo's row size, from the layout's digits ('' and a layout that does not fit: one a row).
  const rowSizes = useMemo(() => {
    const sizes = new Map<string, number>();
    for (const row of photosetRows(photos, layout)) for (const photo of row) sizes.set(photo.id, row.length);
    return sizes;
  }, [photos, layout]);
  const announcements = useMemo(() => photoAnnouncements(ids), [ids]);
  const dragged = photos.find((p) => p.id === active);

  const onDragStart = (e: DragStartEvent) => {
    setActive(e.active.id);
    setDragState('dragging');
  };
  const onDragEnd = ({ active: moved, over }: DragEndEvent) => {
    setActive(null);
    setDragState('locked');
    if (!over || over.id === moved.id) return;
    dispatch({ type: 'photoMoved', from: ids.indexOf(String(moved.id)), to: ids.indexOf(String(over.id)) });
  };
  const onDragCancel = () => {
    setActive(null);
    setDragState('idle');
  };

  return (
    <div
      className="photoset-editor"
      style={{
        ['--photoset-width' as string]: `${PHOTOSET_EDITOR_WIDTH}px`,
        ['--photoset-padding' as string]: `${PHOTOSET_EDITOR_PADDING}px`,
      }}
    >
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        autoScroll={photosetAutoScroll(typeof window === 'undefined' ? 0 : window.innerHeight)}
        accessibility={{ announcements }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ul className="photoset-editor__photos" aria-label="Photos" data-drag-state={dragState}>
            {photos.map((photo, i) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                index={i}
                inSet={photos.length > 1}
                rowSize={rowSizes.get(photo.id) ?? 1}
                locked={dragState === 'locked'}
              />
            ))}
          </ul>
        </SortableContext>
        <DragOverlay dropAnimation={{ duration: PHOTOSET_ANIMATION_MS, easing: 'ease' }}>
          {dragged && (dragged.displayUrl || dragged.url) ? (
            <img
              className="photoset-editor__ghost"
              src={dragged.displayUrl || dragged.url}
              alt=""
              style={{ width: PHOTOSET_GHOST_WIDTH, maxHeight: PHOTOSET_GHOST_MAX_HEIGHT }}
            />
          ) : null}
        </DragOverlay>
      </DndContext>
      <LayoutChooser
        count={photos.length}
        layout={layout}
        disabled={disabled}
        onChoose={(chosen) => dispatch({ type: 'layoutChosen', layout: chosen })}
      />
    </div>
  );
}

/** What a screen reader hears while a photo moves: photos by their place, not their ids. */
function photoAnnouncements(ids: string[]): Announcements {
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => `Picked up photo ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Photo ${place(active.id)} is over place ${place(over.id)} of ${ids.length}.` : `Photo ${place(active.id)} is over no place.`,
    onDragEnd: ({ active, over }) =>
      over ? `Photo ${place(active.id)} was moved to place ${place(over.id)} of ${ids.length}.` : `Photo ${place(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving photo ${place(active.id)} was canceled. It is back in place ${place(active.id)}.`,
  };
}
