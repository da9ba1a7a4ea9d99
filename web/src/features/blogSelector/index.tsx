// The blog selector dropdown: avatar + name of each of the user's blogs. Reusable: the caller
// decides what choosing a blog does (the dashboard makes it current; the activity popover and
// messaging will pass their own callbacks).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../components/Avatar';
import { ChevronIcon } from '../../components/icons';
import { useDismiss } from '../../components/useDismiss';
import { onPointerMoved } from '../../lib/pointerMoved';

export interface SelectableBlog {
  name: string;
  title?: string;
  avatarUrl: string;
}

export function BlogSelector({
  blogs,
  selected,
  onSelect,
  label = 'Choose a blog',
  disabled = false,
}: {
  blogs: SelectableBlog[];
  selected: string;
  onSelect(name: string): void;
  /** Accessible name of the dropdown button, e.g. 'Acting as'. */
  label?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const current = blogs.find((b) => b.name === selected) ?? blogs[0];

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  useDismiss(listRef, () => setOpen(false), { enabled: open, ignore: buttonRef });

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  const toggleOpen = () => {
    if (!open) setActive(Math.max(0, blogs.findIndex((b) => b.name === selected)));
    setOpen(!open);
  };

  const choose = (name: string) => {
    close();
    if (name !== selected) onSelect(name);
  };

  const onListKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(blogs.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(blogs.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') choose(blogs[active].name);
    else if (e.key === 'Tab') setOpen(false);
    else return;
    e.preventDefault();
  };

  if (!current) return null;
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="blog-selector">
      <button
        ref={buttonRef}
        type="button"
        className="blog-selector__button"
        aria-label={`${label}: ${current.name}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onClick={toggleOpen}
      >
        <Avatar url={current.avatarUrl} size={24} />
        <span className="blog-selector__name">{current.name}</span>
        <ChevronIcon open={open} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          className="popover blog-selector__list"
          role="listbox"
          aria-label={label}
          tabIndex={-1}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKeyDown}
        >
          {blogs.map((blog, i) => (
            // The listbox keeps the focus and its keys choose the blog (aria-activedescendant).
            // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={blog.name}
              id={optionId(i)}
              role="option"
              aria-selected={blog.name === selected}
              className={i === active ? 'blog-selector__option is-active' : 'blog-selector__option'}
              onMouseMove={onPointerMoved(() => setActive(i))}
              onClick={() => choose(blog.name)}
            >
              <Avatar url={blog.avatarUrl} size={24} />
              <span className="blog-selector__name">{blog.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
