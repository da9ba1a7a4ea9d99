// The form's top row (spec 001 §2 The post form): the blog's avatar, the blog selector
// (locked while editing; in reblog mode followed by the name of the blog reblogged from),
// and the settings cog.
import { Avatar } from '../../../components/Avatar';
import { BlogSelector } from '../../blogSelector';
import { useComposerForm } from '../formContext';
import { ReblogIcon } from './icons';
import { PostSettings } from './PostSettings';

export function PostFormHeader() {
  const { post, dispatch, data, disabled } = useComposerForm();
  const channel = data.blogs.find((c) => c.name === post.blog);
  const blogs = data.blogs.map((c) => ({ name: c.name, title: c.title, avatarUrl: c.avatarUrl }));
  return (
    <div className="post-form__header">
      {channel && <Avatar url={channel.avatarUrl} size={40} />}
      {blogs.some((b) => b.name === post.blog) ? (
        <BlogSelector
          blogs={blogs}
          selected={post.blog}
          label="Blog"
          disabled={disabled || post.mode === 'edit'}
          onSelect={(name) => {
            const chosen = data.blogs.find((c) => c.name === name);
            if (chosen) dispatch({ type: 'blogChosen', blog: chosen });
          }}
        />
      ) : (
        <span className="post-form__blog-name">{post.blog}</span>
      )}
      {post.reblog && post.reblog.reblogName && (
        <span className="post-form__reblog-source">
          <ReblogIcon />
          <span className="visually-hidden">reblogged from </span>
          {post.reblog.reblogName}
        </span>
      )}
      <PostSettings />
    </div>
  );
}
