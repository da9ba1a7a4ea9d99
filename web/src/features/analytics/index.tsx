// The Analytics and Reach pages of the account menu (spec 000 §2.1, §2.2): a blog's figures
// over 30 or 90 days, for its owner (docs/api.md "Analytics").
export { BlogAnalyticsPage } from './components/BlogAnalyticsPage';
export { ReachPage } from './components/ReachPage';
