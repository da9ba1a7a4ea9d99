import type { ReactNode } from 'react';

/**
 * A link a post's author chose, to another site: no referrer, no ranking credit for it
 * (as the server's sanitiser does for links in post HTML). Just its content when there is
 * no address the app will link to.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a href={href} className={className} rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
