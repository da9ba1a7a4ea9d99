// The archive's post-type filter menu (spec 002 §2 Archive page): a button showing the chosen
// type as its label opens the menu on click; a mousedown outside it, Escape or a choice
// closes it. A menu button as ARIA describes one: the arrow keys, Home and End move between
// the choices, Tab leaves.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { ARCHIVE_TYPE_CHOICES, type ArchiveTypeChoice } from '../archiveLocation';

export function ArchiveTypeMenu({
  selected,
  onChoose,
}: {
  selected: ArchiveTypeChoice;
  onChoose(choice: ArchiveTypeChoice): void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const label = ARCHIVE_TYPE_CHOICES.find((c) => c.value === selected)?.label ?? 'All';

  const dismiss = useCallback(() => setOpen(false), []);
  // The button handles its own clicks: a mousedown on it is not "outside".
  useDismiss(menuRef, dismiss, { enabled: open, ignore: buttonRef });

  // Open, the chosen type has the focus, for the keys.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [open]);

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (choice: ArchiveTypeChoice) => {
    closeToButton();
    if (choice !== selected) onChoose(choice);
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(items.length - 1);
    else if (e.key === 'Escape') {
      // Handled here, not by useDismiss, to give the focus back to the button.
      e.stopPropagation();
      closeToButton();
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <div className="archive-type-menu">
      <button
        ref={buttonRef}
        type="button"
        className="archive-type-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="visually-hidden">Post type:</span>{' '}
        <span className="archive-type-menu__label">{label}</span>
        <ChevronIcon open={open} />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          className="popover archive-type-menu__list"
          role="menu"
          aria-label="Post type"
          onKeyDown={onMenuKeyDown}
        >
          {ARCHIVE_TYPE_CHOICES.map((choice) => (
            <li key={choice.value} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={choice.value === selected}
                tabIndex={-1}
                className={
                  choice.value === selected ? 'archive-type-menu__item is-chosen' : 'archive-type-menu__item'
                }
                onClick={() => choose(choice.value)}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
