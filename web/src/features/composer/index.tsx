// The post composer (spec 001): the provider that knows which composer is open and over
// which page, and the host that shows it. The pages that open one link to its routes'
// addresses (lib/composerPaths.ts).
import { lazy, Suspense } from 'react';
import { useSession } from '../session';
import { useComposer } from './ComposerContext';
import { ComposerModal } from './components/ComposerModal';
import { Toast } from './components/Toast';

export { ComposerProvider, useComposer, type ComposerControls } from './ComposerContext';
// The upload call, for other forms that take a photo (Edit appearance's header image).
export { uploadFile } from './uploads/uploadCalls';

// The form and its editor (TipTap, ProseMirror) are half the app's code: they load when a
// composer first opens (or fast compose, which is about to open one), not with every page.
const loadComposer = () => import('./components/Composer');
const Composer = lazy(() => loadComposer().then((m) => ({ default: m.Composer })));

/** Starts loading the form's code ahead of need. */
export function preloadComposer(): Promise<unknown> {
  return loadComposer();
}

/** Shows the open composer (only to a logged-in user, §1) and the toast after a save. */
export function ComposerHost() {
  const { open, toast, close } = useComposer();
  const { user } = useSession();
  return (
    <>
      {open && user && (
        <Suspense
          fallback={<ComposerModal label="Loading the post form" loading onRequestClose={close} returnFocus={open.returnFocus} />}
        >
          <Composer key={open.key} open={open} />
        </Suspense>
      )}
      <Toast message={toast} />
    </>
  );
}
