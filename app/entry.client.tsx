import { startTransition, StrictMode } from 'react';
import { HydratedRouter } from 'react-router/dom';

/**
 * Hydrates the server's document. React Router's default entry does the same in one module with
 * React DOM inside, so the browser evaluates React DOM's 200 kB and starts hydrating in a single
 * task, long enough to block a slow phone's main thread. Here React DOM comes in a chunk of its
 * own, evaluated in a task of its own, and hydration starts in the next task; from then on React
 * hydrates in short, interruptible slices (a transition). See
 * docs/decisions/009-hydration-blocking-time.md.
 */
void import('react-dom/client').then(({ hydrateRoot }) => {
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  }, 0);
});
