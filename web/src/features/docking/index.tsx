// The docking area (spec 000 §4 Docking area, §9 Gutter docking): one post held beside the
// dashboard column. DockingProvider holds it, useDock() docks a post, DockingArea shows it.
export { DockingArea } from './components/DockingArea';
export { DockingProvider, useDock, type Dock } from './DockingProvider';
export {
  GUTTER_MARGIN,
  GUTTER_WIDTH,
  MAX_VIEW_WIDTH,
  VIEWPORT_TRANSITION_WIDTH,
  postOfPath,
  type DockedPost,
} from './dockingRules';
