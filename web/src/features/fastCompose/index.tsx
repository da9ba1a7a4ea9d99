// Fast compose (spec 001 §2 Fast compose overlay): the panel the header's compose button
// opens in the drawer, and the shortcut that opens it from anywhere.
export { PostTypeGlyph } from './components/PostTypeGlyph';
export { TILES as POST_TYPE_TILES } from './tiles';
export { useFastComposeDrawer, type FastComposeDrawerHandlers } from './useFastComposeDrawer';
export { isMacPlatform, useFastComposeShortcut } from './useFastComposeShortcut';
