/** Spec 000 §3 Theme: a derived background tint (white, light or dark) to pick text colours. */
export type Tint = 'white' | 'light' | 'dark';

/** Parses #rgb or #rrggbb; null for anything else. */
export function parseHexColor(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function backgroundTint(color: string): Tint {
  const rgb = parseHexColor(color);
  if (!rgb) return 'light';
  if (rgb.every((c) => c === 255)) return 'white';
  // Relative luminance (WCAG), from sRGB.
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? 'light' : 'dark';
}
