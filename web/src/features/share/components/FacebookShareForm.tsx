// Sharing a post on Facebook (spec 002 §7): the server says which Facebook account is
// connected; with none ('' or a failure) Facebook's own share window opens, and the share
// is recorded as a fallback.
import { useApi } from '../../../api/ApiProvider';
import { fetchFacebookStatus, recordShare, type ShareModel } from '../../../api/shareEndpoints';
import { openShareWindow } from '../shareWindows';
import { useShareSend } from '../useShareSend';
import { ShareFormFrame } from './ShareFormFrame';

export function FacebookShareForm({ model, onSent, onCancel }: { model: ShareModel; onSent(): void; onCancel(): void }) {
  const api = useApi();
  const sending = useShareSend(onSent);

  const send = () =>
    sending.send(async () => {
      const account = await fetchFacebookStatus(api).catch(() => '');
      if (account) {
        await recordShare(api, model, 'facebook', { fallback: false });
        return;
      }
      openShareWindow(model.facebook_window);
      await recordShare(api, model, 'facebook', { fallback: true });
    });

  return (
    <ShareFormFrame title="Share on Facebook" label="Share" canSend sending={sending} onSend={send} onCancel={onCancel}>
      <p className="share-form__note">Share this post on Facebook: its share page opens in a new window.</p>
    </ShareFormFrame>
  );
}
