import type { Conversation, Participant } from '../../../api/messagingModels';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { LOADER_DELAY_MS, PAGINATION_LOADER_MIN_CONVERSATIONS } from '../constants';
import { useInbox } from '../inbox/useInbox';
import { useInfiniteScroll } from '../inbox/useInfiniteScroll';
import { ConversationItem } from './ConversationItem';
import { InboxEmpty } from './InboxEmpty';

/** The inbox's list view: the blog's conversations, paged by scrolling, or the empty state. */
export function ConversationList({
  blog,
  onOpen,
  onChoose,
  onCompose,
}: {
  blog: string;
  onOpen(conversation: Conversation): void;
  onChoose(name: string, participant: Participant): void;
  onCompose(): void;
}) {
  const inbox = useInbox(blog);
  const onScroll = useInfiniteScroll({
    hasMore: inbox.nextHref !== null,
    loading: inbox.loadingMore,
    onLoadMore: inbox.loadMore,
  });
  const showLoader = useDelayedFlag(inbox.status === 'loading', LOADER_DELAY_MS);

  if (inbox.status === 'loading') return showLoader ? <BarLoader label="Loading conversations" /> : null;
  if (inbox.status === 'error') return <LoadError message={inbox.error ?? 'Could not load conversations.'} onRetry={inbox.retry} />;
  if (inbox.conversations.length === 0) return <InboxEmpty onChoose={onChoose} onCompose={onCompose} />;

  return (
    <div className="conversation-list" onScroll={onScroll}>
      <ul className="conversation-list__items" aria-label="Conversations">
        {inbox.conversations.map((c) => (
          <ConversationItem key={c.id} conversation={c} blog={blog} onOpen={onOpen} />
        ))}
      </ul>
      {inbox.nextHref !== null && inbox.conversations.length >= PAGINATION_LOADER_MIN_CONVERSATIONS && (
        <BarLoader label="Loading more conversations" />
      )}
    </div>
  );
}
