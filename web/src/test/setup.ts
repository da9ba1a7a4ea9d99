import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy… and waitFor give up after 1 s by default. On a shared two-core machine running the
// suite's workers side by side, the composer's first render with its debounces has taken
// longer than that (AudioUpload.test failed so in a full run and passed alone). They return
// as soon as what they wait for is there, so a longer bound costs a passing test nothing.
configure({ asyncUtilTimeout: 5000 });

// TanStack Query tells components about an answer in a setTimeout(0) batch. Under fake timers
// that timeout waits until the test moves time, one step more than the answer itself needs;
// a microtask tells them as soon as the answer is in, with or without fake timers.
notifyManager.setScheduler(queueMicrotask);
