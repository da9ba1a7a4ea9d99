// The drawer (spec 000 §4 Drawer, §8, §9): one content at a time, sliding in from the side.
// Features open their content with useDrawer(); <DrawerHost> shows it; the content reads
// what the drawer is doing with useDrawerPhase().
export { DrawerHost } from './components/DrawerHost';
export { CLOSE_WITHOUT_SENDING, DrawerProvider, useDrawer, type DrawerControls } from './DrawerProvider';
export { useDrawerPhase, type DrawerPhaseInfo } from './drawerPhase';
export { DRAWER_CLOSE_MS, DRAWER_REPLACE_MS, type DrawerContent, type DrawerPhase } from './drawerStore';
