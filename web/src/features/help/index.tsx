// Help: the /help page (spec 000 §2.1) and the first-visit help popovers (spec 002 §2).
export { HelpPage } from './HelpPage';
export { AnalyticsTip } from './AnalyticsTip';
export { helpTipKey, useHelpTip } from './useHelpTip';
