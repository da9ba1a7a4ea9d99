// Which tutorial the open form shows (spec 001 §4 Tutorials): after the show delay (§9: 500 ms
// on a text post, 750 ms on the others), the first one the user has not seen; marked seen
// once shown or dismissed; dismissing it lets the next one come.
//
// Where "seen" is kept: the rich-text tutorial's flag is the server's (the form data's
// has_rich_text_tutorial, set with POST /svc/post/set_seen_rte). The server has no flag for
// the inline-controls and image-search tutorials, so those are remembered in this browser's
// localStorage, per user: another browser shows them once more.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { markRichTextTutorialSeen } from '../../../api/composerLookups';
import type { ComposerSetup } from '../../../api/composerModels';
import { useUser } from '../../session';
import type { PostModel } from '../model/postModel';
import { nextTutorial, offersTutorials, TUTORIALS, tutorialDelay, type Tutorial } from '../model/tutorials';

/** The localStorage key of the tutorials a user has seen in this browser. */
export function seenTutorialsKey(userName: string): string {
  return `dashwire:seen-tutorials:${userName}`;
}

function readSeen(userName: string): Tutorial[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(seenTutorialsKey(userName)) ?? '[]');
    return Array.isArray(stored) ? TUTORIALS.filter((t) => stored.includes(t)) : [];
  } catch {
    // No storage (private browsing) or something else written there: nothing seen.
    return [];
  }
}

function rememberSeen(userName: string, seen: Tutorial[]) {
  try {
    window.localStorage.setItem(seenTutorialsKey(userName), JSON.stringify(seen));
  } catch {
    // Storage refused: the tutorial may show again in a later form, no more.
  }
}

export interface Tutorials {
  /** The tutorial on show, if any. */
  shown: Tutorial | null;
  dismiss(): void;
}

export function useTutorials(post: Pick<PostModel, 'type' | 'editorType'>, data: ComposerSetup): Tutorials {
  const api = useApi();
  const user = useUser();
  const [seen, setSeen] = useState<ReadonlySet<Tutorial>>(() => {
    const seenHere = new Set(readSeen(user.name));
    if (!data.user.hasRichTextTutorial) seenHere.add('richText');
    return seenHere;
  });
  const [shown, setShown] = useState<Tutorial | null>(null);
  // Whether the server has taken the rich-text tutorial's seen flag (set_seen_rte answered).
  const richTextRecorded = useRef(false);
  const offered = offersTutorials(post);
  const next = nextTutorial(seen);

  const recordRichTextSeen = useCallback(() => {
    markRichTextTutorialSeen(api).then(
      () => {
        richTextRecorded.current = true;
      },
      () => {
        // Not remembered by the server: dismissing it asks again; else it shows once more
        // in a later form.
      },
    );
  }, [api]);

  useEffect(() => {
    if (!offered || shown || !next) return;
    const timer = window.setTimeout(() => {
      setShown(next);
      // Seen once shown (§4), whether or not it is dismissed.
      setSeen((before) => new Set(before).add(next));
      if (next === 'richText') {
        recordRichTextSeen();
      } else {
        rememberSeen(user.name, [...readSeen(user.name), next]);
      }
    }, tutorialDelay(post.type));
    return () => window.clearTimeout(timer);
  }, [offered, shown, next, post.type, recordRichTextSeen, user.name]);

  const dismiss = useCallback(() => {
    if (shown === 'richText' && !richTextRecorded.current) recordRichTextSeen();
    setShown(null);
  }, [shown, recordRichTextSeen]);
  // Switched to the HTML or markdown editor: the tutorial about the rich one goes.
  return { shown: offered ? shown : null, dismiss };
}
