// Moderation, the administrators' side (spec 002 §6; docs/api.md "Blogs"): the queue of reports
// people filed by flagging (/admin/reports), the blog toggles (spam, NSFW, suspended) that
// the queue and the blog card's menu both show, and the grants of Reach and Analytics that the
// blog card's menu shows (a report does not carry a blog's grants). The queue's page is not
// exported here: App loads it from its module when first shown (issue 35), and the blog card
// imports this index for the toggles.
export { BlogModerationToggles, blogFlagsKey } from './components/BlogModerationToggles';
export { BlogGrantToggles, blogGrantsKey } from './components/BlogGrantToggles';
