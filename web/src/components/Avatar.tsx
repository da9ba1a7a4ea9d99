import { avatarUrl } from '../lib/avatar';

/**
 * A blog's avatar at one of the server's sizes. Decorative by default (alt=""), because the
 * blog's name is nearly always printed next to it; pass `label` when it stands alone.
 */
export function Avatar({
  url,
  size,
  label,
  shape = 'square',
}: {
  url: string;
  size: number;
  label?: string;
  shape?: string;
}) {
  return (
    <img
      className={`avatar avatar--${shape === 'circle' ? 'circle' : 'square'}`}
      src={avatarUrl(url, size)}
      width={size}
      height={size}
      alt={label ?? ''}
      loading="lazy"
    />
  );
}
