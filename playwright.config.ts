import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT, OIDC_PORT, SAML_IDP_PORT, SITE_PORT, SMTP_PORT } from './tests/e2e/ports';


const dataDir = path.resolve('.data/e2e');

/** Playwright's own Chromium when installed, else the system one; never downloaded at test time. */
function chromiumPath(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'first-run', testMatch: /first-run\.setup\.ts/, use: { browserName: 'chromium' } },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['first-run'] },
  ],
  // One built app shared by every e2e test, on a fresh embedded database.
  webServer: {
    command: 'node tests/e2e/server.mjs',
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      APP_URL: `http://127.0.0.1:${PORT}`,
      // The reset-password test runs a real SMTP server on this port while it needs the mail.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The knowledge tests serve a small website here for the app to read; the single sign-on
      // tests run their identity providers on the other two.
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${SITE_PORT},127.0.0.1:${OIDC_PORT},127.0.0.1:${SAML_IDP_PORT}`,
      // Prospect files over 2 KB import in the background, so the prospects test sees the progress bar.
      PROSPECT_IMPORT_INLINE_MAX_BYTES: '2048',
    },
  },
});
