import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);
const alias = {
  '@': root,
  // `server-only` throws outside React Server Components; tests run lib code directly.
  'server-only': path.join(root, 'tests/fixtures/server-only.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Sign-in slowdown off: tests that fail sign-ins on purpose would wait seconds; rate-limits.test.ts turns it on.
    env: { AUTH_SECRET: 'test-secret-for-vitest-only-0123456789abcdef', DATA_DIR: path.join(root, '.data/test'), SIGN_IN_SLOWDOWN_MS: '0' },
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
