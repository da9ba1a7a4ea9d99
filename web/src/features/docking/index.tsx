// The docking area (spec 000 §4 Docking area, §9 Gutter docking): one post held beside the
// dashboard column. DockingProvider holds it, useDock() docks a post, DockingArea shows it.
// DockingArea is not exported here: it shows a post, with the whole posts feature behind it,
// and the first page imports this index for the provider; the dashboard imports the area from
// its module, so that it loads with that page (issue 35).
export { DockingProvider, useDock, type Dock } from './DockingProvider';
export {
  GUTTER_MARGIN,
  GUTTER_WIDTH,
  MAX_VIEW_WIDTH,
  VIEWPORT_TRANSITION_WIDTH,
  type DockedPost,
} from './dockingRules';
