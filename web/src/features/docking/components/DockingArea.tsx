// The docking area (spec 000 §4, §9 Gutter docking): the one docked post, in the gutter left
// of the dashboard column, fixed while the page scrolls. It shows only on a viewport at least
// 900 px wide; the post stays held while it is narrower, and comes back when it is wide again.
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { PostView, usePost } from '../../posts';
import { dockLayout, type DockLayout } from '../dockingRules';
import { useDock } from '../DockingProvider';

/** `column`: the dashboard column the gutter is beside. */
export function DockingArea({ column }: { column: RefObject<HTMLElement | null> }) {
  const { available, held, setProtected, undock, registerArea } = useDock();
  useEffect(() => registerArea(), [registerArea]);
  const layout = useGutterLayout(column, available && held !== null);
  if (!available || !held || !layout) return null;
  const kept = held.protectedFromEviction;
  return (
    <aside className="docking-area" aria-label="Docked post" style={{ left: layout.left, width: layout.width }}>
      <div className="docking-area__bar">
        <button
          type="button"
          className="docking-area__keep"
          aria-pressed={kept}
          title={kept ? 'Kept: other posts will not replace it' : 'Keep it: other posts will not replace it'}
          onClick={() => setProtected(!kept)}
        >
          Keep docked
        </button>
        <button type="button" className="docking-area__close" aria-label="Close docked post" onClick={undock}>
          ×
        </button>
      </div>
      <DockedPostView key={`${held.blog}/${held.postId}`} blog={held.blog} postId={held.postId} />
    </aside>
  );
}

function DockedPostView({ blog, postId }: { blog: string; postId: number }) {
  const { load, retry } = usePost(blog, postId);
  if (load.status === 'loading') return <PageLoader label="Loading the docked post" />;
  if (load.status === 'deleted') return <p className="muted">This post was deleted.</p>;
  if (load.status === 'error') return <LoadError message={load.error} onRetry={load.missing ? undefined : retry} />;
  return <PostView post={load.post} headingLevel={2} />;
}

/** Where the view goes, measured from the column while `measuring`, again on each resize. */
function useGutterLayout(column: RefObject<HTMLElement | null>, measuring: boolean): DockLayout | null {
  const [layout, setLayout] = useState<DockLayout | null>(null);
  useLayoutEffect(() => {
    if (!measuring) return;
    const measure = () => setLayout(dockLayout(column.current?.getBoundingClientRect().left ?? 0));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [column, measuring]);
  return layout;
}
