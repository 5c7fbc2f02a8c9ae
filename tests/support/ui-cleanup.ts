// Around each component test file: the API's handlers listening (tests/support/api-handlers.ts),
// a request none answers failing the test. After each test: the rendered tree unmounted, the
// toasts it showed closed, the globals it stubbed given back, and the API's handlers and record
// emptied. A setup file of the `app` Vitest project, whose files share their worker's modules, so
// that it runs for every file and after every test of every file (registered by a helper's
// module, it would run only in the first file that imported the helper). A component test in
// another project imports it.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { apiServer, resetApi } from './api-handlers.ts';
import { closeShownToasts } from './shown-toasts.ts';

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  closeShownToasts();
  vi.unstubAllGlobals();
  resetApi();
});

afterAll(() => apiServer.close());
