// Rich (or HTML) to markdown (spec 001 §4 Editor type: "Rich to html or markdown converts the
// content and is free"). Turndown does the converting: it is the well-kept library for this,
// and its escaping of text that would read as markdown covers cases a hand-written walker
// missed (a line of '===' or '---' under text turning it into a heading, '~~~' fences).
// The rules below only fit its output to the editor's elements: elements markdown has no
// syntax for (iframes, small, sup, sub) stay as HTML, which markdown keeps as it is; the
// server renders the markdown and sanitises the result, so nothing here needs to be safe.
import TurndownService from 'turndown';
import { READ_MORE_MARKER } from '../strings';

function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
  });
  turndown.keep(['iframe', 'small', 'sup', 'sub']);
  // The editor has one heading level (h2); markdown has no reason to say otherwise.
  turndown.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => `\n\n## ${content.trim()}\n\n`,
  });
  // Strikethrough is not in core markdown; the server's renderer reads ~~ (GFM).
  turndown.addRule('strikethrough', {
    filter: (node) => ['S', 'DEL', 'STRIKE'].includes(node.nodeName),
    replacement: (content) => (content.trim() ? `~~${content}~~` : content),
  });
  // The read-more marker is a paragraph of its own that must stay as it is, unescaped.
  turndown.addRule('readMore', {
    filter: (node) => node.nodeName === 'P' && node.textContent?.trim() === READ_MORE_MARKER,
    replacement: () => `\n\n${READ_MORE_MARKER}\n\n`,
  });
  // The editor wraps every list item's text in a paragraph; turndown would then write loose
  // lists with a three-space gap after the marker. Tight lists with one space read better
  // in the source editor and render the same.
  turndown.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      let marker = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        marker = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '')
        .replace(/\n\n+/g, '\n\n')
        .replace(/\n/g, `\n${' '.repeat(marker.length)}`)
        // Blank lines inside an item need no indent.
        .replace(/\n +\n/g, '\n\n');
      return `${marker}${body}${node.nextSibling ? '\n' : ''}`;
    },
  });
  return turndown;
}

let shared: TurndownService | null = null;

export function htmlToMarkdown(html: string): string {
  shared ??= createTurndown();
  return shared.turndown(html).trim();
}
