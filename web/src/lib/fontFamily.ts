// A blog title's font: the theme stores a name of the font catalogue (api/fonts.ts, spec 000
// §3), and the CSS draws it with the catalogue's family, never with the name itself.
import { FONTS } from '../api/fonts';

const FAMILY_BY_NAME = new Map(FONTS.map((font) => [font.name, font.family]));

/** The CSS `font-family` of the catalogue font `name`; the catalogue's first for a name it lacks. */
export function fontFamilyOf(name: string): string {
  return FAMILY_BY_NAME.get(name) ?? FONTS[0].family;
}
