import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// TanStack Query tells components about an answer in a setTimeout(0) batch. Under fake timers
// that timeout waits until the test moves time, one step more than the answer itself needs;
// a microtask tells them as soon as the answer is in, with or without fake timers.
notifyManager.setScheduler(queueMicrotask);
