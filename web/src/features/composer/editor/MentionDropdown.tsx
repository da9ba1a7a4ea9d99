// The mention dropdown (spec 001 §2 "Mention dropdown listing blogs (name, title, avatar)"),
// under the mention being typed. The keyboard stays in the editor (mentionMenu.ts handles
// its keys); a click chooses too.
import { useEffect, useId, useSyncExternalStore, type RefObject } from 'react';
import { Avatar } from '../../../components/Avatar';
import type { MentionMenu } from './mentionMenu';
import { onPointerMoved } from '../../../lib/pointerMoved';

export function MentionDropdown({
  menu,
  containerRef,
  textbox,
}: {
  menu: MentionMenu;
  containerRef: RefObject<HTMLElement | null>;
  /** The editor's element, which tells assistive technology which blog is highlighted. */
  textbox(): HTMLElement | null;
}) {
  const state = useSyncExternalStore(menu.subscribe, menu.getState);
  const id = useId();
  const shown = state.open && state.blogs.length > 0;

  useEffect(() => {
    const el = textbox();
    if (!el) return;
    if (shown) {
      el.setAttribute('aria-controls', id);
      el.setAttribute('aria-activedescendant', `${id}-${state.active}`);
    } else {
      el.removeAttribute('aria-controls');
      el.removeAttribute('aria-activedescendant');
    }
  }, [textbox, shown, id, state.active]);

  if (!shown) return null;

  // Placed in the editor's box, under the typed mention.
  const box = containerRef.current?.getBoundingClientRect();
  const style = state.rect && box ? { top: state.rect.bottom - box.top + 4, left: state.rect.left - box.left } : undefined;

  return (
    <ul className="mention-dropdown" role="listbox" id={id} aria-label="Blogs to mention" style={style}>
      {state.blogs.map((blog, i) => (
        // The editor keeps the focus and its keys choose the blog (aria-activedescendant).
        // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={blog.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === state.active}
          className={i === state.active ? 'mention-dropdown__blog is-active' : 'mention-dropdown__blog'}
          // Keep the focus (and the typed mention) in the editor.
          onMouseDown={(e) => e.preventDefault()}
          onMouseMove={onPointerMoved(() => menu.highlight(i))}
          onClick={() => menu.choose(i)}
        >
          <Avatar url={blog.avatarUrl} size={24} />
          <span className="mention-dropdown__name">{blog.name}</span>
          {blog.title && <span className="mention-dropdown__title">{blog.title}</span>}
        </li>
      ))}
    </ul>
  );
}
