// Moderation, the administrators' side (spec 002 §6; docs/api.md "Blogs"): the queue of reports
// people filed by flagging (/admin/reports), and the blog toggles (spam, NSFW, suspended) that
// the queue and the blog card's menu both show.
export { ReportsPage, NOTHING_TO_REVIEW } from './components/ReportsPage';
export { BlogModerationToggles, blogFlagsKey } from './components/BlogModerationToggles';
