// Moderation, the administrators' side (spec 002 §6; docs/api.md "Blogs"): the queue of reports
// people filed by flagging (/admin/reports), the blog toggles (spam, NSFW, suspended) that
// the queue and the blog card's menu both show, and the grants of Reach and Analytics that the
// blog card's menu shows (a report does not carry a blog's grants).
export { ReportsPage, NOTHING_TO_REVIEW } from './components/ReportsPage';
export { BlogModerationToggles, blogFlagsKey } from './components/BlogModerationToggles';
export { BlogGrantToggles, blogGrantsKey } from './components/BlogGrantToggles';
