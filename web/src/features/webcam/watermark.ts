// The webcam watermark's rule (spec 002 §5 Webcam watermark).
import { WATERMARK_INVALID } from './strings';

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * Where the watermark's image is: a PNG data URL as it is, or a root-relative path
 * ('/images/mark.png') prefixed with the assets host. Anything else throws the spec's error.
 * This app serves its own assets, so the host defaults to the page's origin.
 */
export function watermarkSource(url: string, assetsHost: string = defaultAssetsHost()): string {
  if (PNG_DATA_URL.test(url)) return url;
  // '//host/x' is protocol-relative, another site: not a root-relative path.
  if (url.startsWith('/') && !url.startsWith('//')) return `${assetsHost.replace(/\/+$/, '')}${url}`;
  throw new Error(WATERMARK_INVALID);
}

function defaultAssetsHost(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}
