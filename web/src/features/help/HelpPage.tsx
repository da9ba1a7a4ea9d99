// /help, Help in the account menu (spec 000 §2.1, §2.2): how dashwire works, in a few short
// sections, and the blog viewer's keyboard (spec 000 §4 Blog viewer).
import { Link } from 'wouter';

/** The blog viewer's keys, as spec 000 §4 lists them. */
const BLOG_VIEWER_KEYS: { key: string; label: string; does: string }[] = [
  { key: 'j', label: 'j', does: 'Next post' },
  { key: 'k', label: 'k', does: 'Previous post' },
  { key: 'l', label: 'l', does: 'Like the post' },
  { key: 'r', label: 'r', does: 'Reblog the post' },
  { key: '.', label: '. (period)', does: 'Back to the top' },
  { key: 'Enter', label: 'Enter', does: 'Open the blog' },
];

export function HelpPage() {
  return (
    <div className="page page--narrow help-page">
      <header className="card">
        <h1 className="page__title">Help</h1>
        <p className="muted">How dashwire works, in short.</p>
      </header>
      <section className="card" aria-labelledby="help-posting">
        <h2 className="section-title" id="help-posting">Posting</h2>
        <p>
          Pick a post type from the dashboard's bar (text, photo, quote, link, chat, audio or video) and write.
          Post it now, save it as a draft, add it to the queue or schedule it. Reblog any post to share it on your
          blog with your own words added.
        </p>
      </section>
      <section className="card" aria-labelledby="help-following">
        <h2 className="section-title" id="help-following">Following</h2>
        <p>
          Follow a blog from its card to see its posts on your <Link to="/dashboard">dashboard</Link>. The blogs you
          follow are on <Link to="/following">Following</Link>; likes, reblogs and new followers of your blogs show in
          the activity menu.
        </p>
      </section>
      <section className="card" aria-labelledby="help-messaging">
        <h2 className="section-title" id="help-messaging">Messaging</h2>
        <p>
          Open the messaging tab in the header (on a phone, Messages in the menu) to talk with another blog. You write
          as one of your blogs; choose which at the top of the inbox. Blocked blogs cannot write to you.
        </p>
      </section>
      <section className="card" aria-labelledby="help-search">
        <h2 className="section-title" id="help-search">Search</h2>
        <p>
          Search every blog's posts from the header's search field. To search one blog's posts, open it in the blog
          viewer (click its name on any post) and use the search field at its top. Tags have their own pages:{' '}
          <Link to="/tagged/art">#art</Link>, for example.
        </p>
      </section>
      <section className="card" aria-labelledby="help-sharing">
        <h2 className="section-title" id="help-sharing">Sharing</h2>
        <p>
          A post's share button gives its link, an embed code, and ways to send it by email or to other sites. Private
          posts cannot be shared.
        </p>
      </section>
      <section className="card" aria-labelledby="help-keys">
        <h2 className="section-title" id="help-keys">Keyboard shortcuts</h2>
        <p>In the blog viewer (a blog opened from its name, beside the dashboard):</p>
        <dl className="help-page__keys">
          {BLOG_VIEWER_KEYS.map((k) => (
            <div key={k.key} className="help-page__key">
              <dt>
                <kbd>{k.label}</kbd>
              </dt>
              <dd>{k.does}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
