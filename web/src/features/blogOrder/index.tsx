// Reordering the user's blogs: drag and drop plus accessible move buttons, saved with
// POST /order through the session (optimistic, reverted on error).
export { useBlogReorder, type BlogReorder } from './useBlogReorder';
export { useDragReorder } from './useDragReorder';
export { ReorderButtons } from './components/ReorderButtons';
export { BlogOrderList } from './components/BlogOrderList';
