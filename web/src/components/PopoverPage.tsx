// A page header popover's content as a page of its own. The phone layout has no room for the
// header's tabs and the popovers pinned under them, so its drawer links to these pages
// instead (/messaging, /activity); the content is the popover's own component, unchanged.
import type { ReactNode } from 'react';

export function PopoverPage({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <div className={`page page--narrow popover-page ${className}`}>
      <h1 className="page__title">{title}</h1>
      <section className="popover-page__panel" aria-label={title}>
        {children}
      </section>
    </div>
  );
}
