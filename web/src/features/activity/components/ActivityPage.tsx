// The activity popover (spec 000 §2.3) as a page, at /activity: the phone's way to its
// notifications, from the mobile drawer's Activity.
import { PopoverPage } from '../../../components/PopoverPage';
import { ActivityPopover } from './ActivityPopover';

/** The page is what a popover's link would close: following one leaves it anyway. */
const stayOnThePage = () => {};

export function ActivityPage() {
  return (
    <PopoverPage title="Activity" className="activity-page">
      <ActivityPopover onNavigate={stayOnThePage} />
    </PopoverPage>
  );
}
