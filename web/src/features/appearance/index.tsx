// Edit appearance (spec 000 §2.1, docs/api.md "Edit appearance"): a blog's owner changes its
// title, description and theme, with a live preview, at /settings/blog/{name}.
export { EditAppearancePage } from './components/EditAppearancePage';
