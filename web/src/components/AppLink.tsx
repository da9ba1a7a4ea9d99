import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A link that routes in the app for same-origin paths and is a plain anchor otherwise. An
 * `onClick` that prevents the default keeps the link from being followed.
 */
export function AppLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?(e: MouseEvent<HTMLAnchorElement>): void;
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
