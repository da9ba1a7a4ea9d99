// The app's address of a post (`/blog/{name}/post/{id}…`, spec 000 §2.10), read where a link
// or a notification names one: the blog viewer opens it, the docking area docks it.

/** The post an app path names (`/blog/{name}/post/{id}…`), if it names one. */
export function postOfPath(path: string): { blog: string; postId: number } | null {
  const match = /^\/blog\/([^/?#]+)\/post\/(\d+)(?:[/?#]|$)/.exec(path);
  return match ? { blog: decodeURIComponent(match[1]), postId: Number(match[2]) } : null;
}
