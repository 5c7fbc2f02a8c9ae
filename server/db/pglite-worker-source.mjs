// Starts the database worker from its TypeScript source (development and tests), through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
