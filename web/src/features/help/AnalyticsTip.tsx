import { HelpPopover } from '../../components/HelpPopover';
import { useHelpTip } from './useHelpTip';

/**
 * The analytics pages' first-visit help: what the figures count (shown until dismissed with
 * OK). It lives on these pages rather than on search or the archive, whose every visit in a
 * fresh browser (the end-to-end tests', a new reader's) would open behind a glass.
 *
 * It points from just below `anchor`, the page's header: the header holds the 30/90 days
 * switch the tip ends on, and the figures it explains come right under it. (Not a chart: the
 * charts come only with the figures, and not at all while loading, for a blog with nothing
 * yet, or on an error, so the tip would jump or lose its anchor.) Without one it sits at the
 * popover's usual spot.
 */
export function AnalyticsTip({ anchor = null }: { anchor?: HTMLElement | null }) {
  const tip = useHelpTip('analytics');
  if (!tip.open) return null;
  return (
    <HelpPopover
      config={{
        name: 'analytics',
        title: 'Your figures, day by day',
        content: (
          <p>
            Notes are the likes, reblogs and replies other blogs gave your posts; your own don't count. Days are counted
            in UTC, today last. Switch between 30 and 90 days at the top.
          </p>
        ),
        okText: 'Got it',
        position: { anchor, placement: 'below' },
      }}
      onClose={tip.close}
    />
  );
}
