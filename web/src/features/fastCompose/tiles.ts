// The fast-compose tiles (spec 001 §2 Fast compose overlay): 7, in this order.
import type { PostType } from '../../api/postModels';

export interface Tile {
  type: PostType;
  label: string;
}

export const TILES: readonly Tile[] = [
  { type: 'text', label: 'Text' },
  { type: 'photo', label: 'Photo' },
  { type: 'quote', label: 'Quote' },
  { type: 'link', label: 'Link' },
  { type: 'chat', label: 'Chat' },
  { type: 'audio', label: 'Audio' },
  { type: 'video', label: 'Video' },
];
