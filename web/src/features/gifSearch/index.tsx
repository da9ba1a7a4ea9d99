// The GIF search panel (spec 000 §2.6): find a GIF by words and tags, choose one. The composer
// puts it in the rich-text editor (its 'Insert a GIF' button, or meta+shift+g) and among a
// photo post's sources.
export { GifSearchPanel } from './components/GifSearchPanel';
export type { GifImage } from '../../api/gifSearchEndpoints';
