// What follows a successful save (spec 001 §4 After save), besides the blog's counters and the
// saved event: in queue context the page reloads to the base route (the queue's order is the
// server's to work out); a toast shows, after its delay, for reblogs, fast compose, tagged
// pages, or when no post was created. No post is created on the page the composer closes onto
// when the saved post is not listed there (a draft, a queued or scheduled or private post saved
// from the dashboard, say, or any post saved from the likes, a search or another blog's page):
// the toast says where it went, or the save would look like nothing.
import type { PostContextPage, SavedPost } from '../../../api/postModels';
import { pageContextOf } from './pageContext';
import type { ComposerMode } from './postModel';

/** What the composer was opened for and over, as far as the after-save steps care. */
export interface SavedFrom {
  mode: ComposerMode;
  fromFastCompose: boolean;
  /** The base route: the page the composer was opened over. */
  basePath: string;
}

export interface AfterSave {
  reloadPage: boolean;
  toast: boolean;
}

export function afterSave(
  from: SavedFrom,
  saved: Pick<SavedPost, 'created' | 'contextPage'> & { post: Pick<SavedPost['post'], 'blogName'> },
): AfterSave {
  const page = pageContextOf(from.basePath);
  return {
    reloadPage: page === 'queue',
    toast:
      from.mode === 'reblog' ||
      from.fromFastCompose ||
      page === 'tagged' ||
      !saved.created ||
      !listedOn(from.basePath, saved.contextPage, saved.post.blogName),
  };
}

/** The blog whose pages `path` is on (/blog/{name}, /blog/{name}/drafts, …), or null. */
function blogOf(path: string): string | null {
  const name = /^\/blog\/([^/]+)/.exec(path)?.[1];
  if (name === undefined) return null;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Whether the page at `basePath` lists a post of `blog` whose page is `contextPage`: the
 * dashboard lists the posts out; a blog's drafts, queue or inbox its own ones there; a blog's
 * own page (/blog/{name}) its posts out or private. No other page lists a post just saved: not
 * another blog's page, nor the likes, a search or the activity, whose toast says where it went.
 */
function listedOn(basePath: string, contextPage: PostContextPage, blog: string): boolean {
  const path = basePath.split('?')[0].replace(/\/+$/, '');
  const pageBlog = blogOf(path);
  const page = pageContextOf(path);
  switch (page) {
    case 'dashboard':
      return contextPage === 'dashboard';
    case 'drafts':
    case 'queue':
    case 'inbox':
      return contextPage === page && (pageBlog === null || pageBlog === blog);
    case 'tagged':
      // Whatever its tags: a tagged page shows the toast in any case.
      return false;
    case 'other': {
      const blogPage = pageBlog !== null && path.split('/').length === 3;
      return blogPage && pageBlog === blog && (contextPage === 'dashboard' || contextPage === 'blog');
    }
  }
}
