import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A link that routes in the app for same-origin paths and is a plain anchor otherwise. */
export function AppLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?(): void;
  children: ReactNode;
}) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
