// Unit tests (`npm test`, part of `npm run check`): pure modules and the client store
// under Node, IndexedDB from fake-indexeddb. The build's config is vite.config.js.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    environment: 'node',
    // A shared 2-core machine: two workers at most.
    maxWorkers: 2,
  },
});
