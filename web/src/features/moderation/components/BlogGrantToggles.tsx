// An administrator's grants of a blog (docs/api.md "Blogs": POST /radar/toggle,
// /premium_partner/toggle): Reach and Analytics, each a checkbox that flips the grant and then
// shows it as the server answers. Each answer is kept under blogGrantsKey, so the blog card's
// menu shows the last one when it opens again.
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { toggleBlogGrant, type BlogGrant, type BlogGrants } from '../../../api/adminEndpoints';
import { FormErrors } from '../../../components/FormErrors';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/** Where the last grant toggle's answer for a blog is kept. */
export const blogGrantsKey = (blog: string) => ['blogGrants', blog];

const GRANTS: { grant: BlogGrant; label: string; of: keyof BlogGrants }[] = [
  { grant: 'radar', label: 'Grant Reach', of: 'reach' },
  { grant: 'premium_partner', label: 'Grant Analytics', of: 'analytics' },
];

export function BlogGrantToggles({
  blog,
  grants,
  onChange,
}: {
  blog: string;
  /** The grants as the caller last knew them. */
  grants: BlogGrants;
  /** A toggle's answer: both grants now. */
  onChange(next: BlogGrants): void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const action = useAsyncAction();
  const toggle = (grant: BlogGrant) =>
    action.run(async () => {
      const next = await toggleBlogGrant(api, grant, blog);
      queryClient.setQueryData(blogGrantsKey(blog), next);
      onChange(next);
    });
  return (
    <div className="admin-toggles admin-toggles--grants" role="group" aria-label="Grants">
      {GRANTS.map((g) => (
        <label key={g.grant} className="admin-toggles__grant">
          {/* Checked is what the server last answered: a click asks it to flip, and waits. */}
          <input type="checkbox" checked={grants[g.of]} disabled={action.pending} onChange={() => void toggle(g.grant)} />{' '}
          {g.label}
        </label>
      ))}
      {action.pending && <ThreeBarLoader label="Changing the grant" />}
      <FormErrors errors={action.errors} />
    </div>
  );
}
