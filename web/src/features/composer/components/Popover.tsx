// A small popover inside the post form (the settings cog, the save dropdown, the tweet box, a
// photo's caption): the app's popover, pinned under its button by the composer's styles.
import type { ComponentProps } from 'react';
import { Popover as AppPopover } from '../../../components/Popover';

export function Popover({ className = '', ...props }: Omit<ComponentProps<typeof AppPopover>, 'className'> & { className?: string }) {
  return <AppPopover {...props} className={`composer-popover ${className}`} />;
}
