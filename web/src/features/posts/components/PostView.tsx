import type { Post, PostType } from '../../../api/postModels';
import { PostHeadingContext, type PostHeadingLevel } from './postHeadingContext';
import { PostContentView } from './content/PostContentView';
import { PostFooter } from './PostFooter';
import { PostHeader } from './PostHeader';
import { PostHtml } from './PostHtml';
import { usePostNotice } from '../postNoticeContext';
import { PostTags } from './PostTags';
import { ReblogTrail } from './ReblogTrail';
import { ReadMoreContext } from './readMoreContext';

const TYPE_NAMES: Record<PostType, string> = {
  text: 'Text',
  photo: 'Photo',
  quote: 'Quote',
  link: 'Link',
  chat: 'Chat',
  audio: 'Audio',
  video: 'Video',
  note: 'Note',
};

/**
 * One post: who posted it, its content by type, a reblog's trail and comment, its tags, and
 * its date and actions. `full` is for the post's own page: all of its text, read-more and all.
 * `inViewer` is for a post shown inside the blog viewer drawer: its 'Keep reading' opens it
 * there, and `full` there means all of its text only (its date still opens it in the drawer).
 */
export function PostView({
  post,
  full = false,
  inViewer = false,
  headingLevel = 2,
}: {
  post: Post;
  full?: boolean;
  inViewer?: boolean;
  headingLevel?: PostHeadingLevel;
}) {
  const notice = usePostNotice();
  return (
    <article className="post" aria-label={`${TYPE_NAMES[post.content.type]} post by ${post.blogName}`} data-post-id={post.id}>
      <ReadMoreContext.Provider value={{ full, postUrl: post.postUrl, inViewer }}>
        <PostHeadingContext.Provider value={headingLevel}>
          <PostHeader post={post} />
          {notice?.(post)}
          <div className={`post-content post-content--${post.content.type}`}>
            {/* A reblog: the reblogged media first, then what each blog added, then the reblogger's own words. */}
            <PostContentView content={post.content} postId={post.id} />
            <ReblogTrail trail={post.reblogTrail} />
            <PostHtml html={post.reblogComment} className="post-reblog-comment" />
          </div>
          <PostTags blogName={post.blogName} tags={post.tags} />
          <PostFooter post={post} />
        </PostHeadingContext.Provider>
      </ReadMoreContext.Provider>
    </article>
  );
}
