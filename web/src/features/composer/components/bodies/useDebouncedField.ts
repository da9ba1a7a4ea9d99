// A field typed into locally and handed to the model after a pause (spec 001 §9: the link
// URL after 500 ms, the audio URL after 250 ms), and at once when it loses focus.
import { useEffect, useRef, useState } from 'react';

export function useDebouncedField(value: string, delayMs: number, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;

  // A change from outside the field (a reset) replaces what is typed.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      latestCommit.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const flush = () => {
    if (text === committed.current) return;
    committed.current = text;
    latestCommit.current(text);
  };

  return { text, setText, flush };
}
