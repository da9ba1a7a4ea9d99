// Server HTML (highlighted posts) is filtered before it is shown (spec 000 §5): script, link
// and other active elements go, event-handler attributes go, and only safe URL schemes stay.

const DROPPED_ELEMENTS = 'script, link, style, iframe, object, embed, meta, base, form';
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/)/i;
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href'];

export function sanitizeHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll(DROPPED_ELEMENTS).forEach((el) => el.remove());
  template.content.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc') el.removeAttribute(attr.name);
      else if (URL_ATTRIBUTES.includes(name) && !SAFE_URL.test(attr.value.trim())) {
        el.removeAttribute(attr.name);
      }
    }
  });
  return template.innerHTML;
}
