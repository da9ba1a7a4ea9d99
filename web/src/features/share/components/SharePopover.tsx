// The share popover (spec 002 §2, §4): the post's share model, loaded when it opens; its
// options list, then one form at a time (Cancel returns to the list). After a share went it
// says 'Sent!' and fades out; after a flag it shows the moderators' thanks until closed.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { loadError } from '../../../api/queryClient';
import { fetchShareModel, type ShareModel } from '../../../api/shareEndpoints';
import { BarLoader } from '../../../components/BarLoader';
import { FlagForm } from '../../flagging';
import { Popover } from '../../../components/Popover';
import { FADE_MS } from '../shareRules';
import { useFadeOut } from '../useFadeOut';
import { usePinnedPosition } from '../usePinnedPosition';
import { EmailShareForm } from './EmailShareForm';
import { EmbedShareForm } from './EmbedShareForm';
import { FacebookShareForm } from './FacebookShareForm';
import { ShareOptions, type ShareFormMode } from './ShareOptions';
import { TwitterShareForm } from './TwitterShareForm';

/** What takes the focus as the popover opens: the first option (a link or a button). */
const FIRST_OPTION = 'a[href], button, input, textarea';

export function SharePopover({
  postId,
  anchorRef,
  onClose,
}: {
  postId: number;
  /** The Share button: the popover stands by it, and the focus goes back to it. */
  anchorRef: RefObject<HTMLElement | null>;
  onClose(): void;
}) {
  const api = useApi();
  const load = useQuery({ queryKey: ['shareModel', postId], queryFn: () => fetchShareModel(api, postId) });
  const { fading, fadeOut } = useFadeOut(onClose);
  const place = useRef<HTMLDivElement>(null);
  usePinnedPosition(anchorRef, place);

  // Escape is the popover's alone: the blog viewer under it must not close too.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };
  const error = loadError(load);

  return (
    <div
      ref={place}
      className="share-popover__place"
      // Its keys come up from the controls inside (Escape, Tab kept in the popover).
      role="presentation"
      style={{ ['--share-fade-ms' as string]: `${FADE_MS}ms` }}
      onKeyDown={onKeyDown}
    >
      <Popover
        label="Share this post"
        anchorRef={anchorRef}
        onClose={onClose}
        className={fading ? 'popover share-popover is-fading' : 'popover share-popover'}
        focusFirst={FIRST_OPTION}
      >
        <div className="share-popover__body">
          {load.data ? (
            <ShareModes model={load.data} onSent={fadeOut} onClose={onClose} />
          ) : error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : (
            <BarLoader label="Loading share options" />
          )}
        </div>
      </Popover>
    </div>
  );
}

/** The options list or one form. */
function ShareModes({ model, onSent, onClose }: { model: ShareModel; onSent(): void; onClose(): void }) {
  const [mode, setMode] = useState<ShareFormMode | null>(null);
  const [cameFrom, setCameFrom] = useState<ShareFormMode | null>(null);
  // Private posts show no share options (spec 002 §2, §6); the server answers 404 for them.
  if (model.is_private) return <p className="muted">This post is private.</p>;
  const cancel = () => {
    setCameFrom(mode);
    setMode(null);
  };
  const form = { model, onSent, onCancel: cancel };
  switch (mode) {
    case 'email':
      return <EmailShareForm {...form} />;
    case 'twitter':
      return <TwitterShareForm {...form} />;
    case 'facebook':
      return <FacebookShareForm {...form} />;
    case 'embed':
      return <EmbedShareForm model={model} onCancel={cancel} />;
    case 'flag':
      // Not a share: no 'Sent!' and fading, the thanks stay until the person closes them.
      return <FlagForm target={{ kind: 'post', postId: model.post_id }} onCancel={cancel} onDone={onClose} />;
    default:
      return <ShareOptions model={model} focusOn={cameFrom} onChoose={setMode} onSent={onSent} />;
  }
}
