import type { ServerHtml as Html } from '../../../api/postModels';
import { AppLink } from '../../../components/AppLink';
import { PostLink } from '../../../components/blogViewerOpener';
import { KEEP_READING } from '../constants';
import { beforeReadMore, withoutReadMore } from '../readMore';
import { useReadMore } from './readMoreContext';
import { ServerHtml } from './ServerHtml';

/** A post's HTML field, cut at the read-more marker on lists (spec 001 §9). Nothing when empty. */
export function PostHtml({ html, className }: { html: Html; className?: string }) {
  const { full, postUrl, inViewer } = useReadMore();
  if (html.trim() === '') return null;
  const cut = full ? null : beforeReadMore(html);
  if (cut === null) return <ServerHtml html={withoutReadMore(html)} className={className} />;
  return (
    <>
      <ServerHtml html={cut} className={className} />
      {postUrl && (
        <p className="post-keep-reading">
          {/* A list's goes to the post's page (the dashboard's too); the drawer's opens the post in the drawer. */}
          {inViewer ? <PostLink href={postUrl}>{KEEP_READING}</PostLink> : <AppLink href={postUrl}>{KEEP_READING}</AppLink>}
        </p>
      )}
    </>
  );
}
