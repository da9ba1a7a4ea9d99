/** A `redirect_to` value is followed only when it is a path on this site. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  // Never bounce back to the login page itself.
  if (target === '/login' || target.startsWith('/login?')) return fallback;
  return target;
}
