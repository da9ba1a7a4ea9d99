/** The avatar sizes the server draws (spec 002 §5). */
export const AVATAR_SIZES = [16, 24, 30, 40, 48, 64, 96, 128, 512] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** The allowed size for a wanted one: in between rounds up, larger gives 512, default 128. */
export function allowedAvatarSize(wanted?: number): AvatarSize {
  if (wanted === undefined || !Number.isFinite(wanted) || wanted <= 0) return 128;
  return AVATAR_SIZES.find((size) => size >= wanted) ?? 512;
}

/**
 * The avatar URL at another size: the server's avatar_url ends in its size
 * (e.g. /avatar/alice/128), so the trailing number is replaced.
 */
export function avatarUrl(url: string, size: number): string {
  const allowed = allowedAvatarSize(size);
  if (/\/\d+$/.test(url)) return url.replace(/\/\d+$/, `/${allowed}`);
  return url;
}
