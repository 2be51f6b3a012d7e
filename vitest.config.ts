import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// API tests (*.api.test.ts) run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
const everything = [
  'server/**/*.test.ts',
  'common/**/*.test.ts',
  'client/**/*.test.ts',
  'scripts/**/*.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'client'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one file at a time on two cores. Most files spend their time waiting on
    // Chromium, PostgreSQL or a child server, so two at a time nearly halve the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Migrates one database per project and run; each test file starts from a copy of it.
    globalSetup: ['server/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: everything, provide: { testDatabaseUrl: null } },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['server/**/*.api.test.ts'],
                provide: { testDatabaseUrl: process.env.DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
