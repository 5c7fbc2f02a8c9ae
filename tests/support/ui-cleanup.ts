// After each component test: the rendered tree unmounted, the toasts it showed closed, and the
// globals it stubbed (fetch) given back. A setup file of the `app` Vitest project, whose files
// share their worker's modules, so that it runs after every test of every file (registered by a
// helper's module, it would run only in the first file that imported the helper). A component
// test in another project imports it.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeShownToasts } from './shown-toasts.ts';

afterEach(() => {
  cleanup();
  closeShownToasts();
  vi.unstubAllGlobals();
});
