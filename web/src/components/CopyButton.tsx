// Copies a text (a post's embed code or address, a new app token) to the clipboard and says so.
import { useEffect, useState } from 'react';

/** How long 'Copied!' stays before the button reads 'Copy' again. */
const COPIED_MS = 2000;

export function CopyButton({ text, className = 'button button--quiet' }: { text: string; className?: string }) {
  const [said, setSaid] = useState<'Copy' | 'Copied!' | 'Copy failed'>('Copy');
  useEffect(() => {
    if (said === 'Copy') return;
    const timer = window.setTimeout(() => setSaid('Copy'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [said]);
  const copy = () => {
    // No clipboard (an insecure page, a refused permission): the person can still select it.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    (clipboard ? clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))).then(
      () => setSaid('Copied!'),
      () => setSaid('Copy failed'),
    );
  };
  return (
    <button type="button" className={className} onClick={copy} aria-live="polite">
      {said}
    </button>
  );
}
