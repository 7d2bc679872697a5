import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The layering of docs/architecture.md, checked rather than hoped for.
const layers = {
  files: ['**/*.{ts,tsx,mjs}'],
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './components', from: './db', message: 'Components reach data through lib/ only.' },
          { target: './app', from: './db', message: 'Pages and routes reach data through lib/ only.' },
          { target: './lib', from: './app', message: 'lib/ never imports app/.' },
          { target: './lib', from: './components', message: 'lib/ never imports components/.' },
          { target: './db', from: ['./app', './components', './lib', './inngest'], message: 'db/ imports nothing above it.' },
          { target: './inngest', from: './db', message: 'inngest/ reaches data only through lib/.' },
          // Leads in one place: chat and the widget API call lib/leads, never the other way,
          // and the widget API does not reach into chat.
          { target: './lib/leads', from: ['./lib/chat', './lib/widget'], message: 'lib/leads is called by chat and the widget, never the reverse.' },
          // Its operations describe the chat routes with chat's own body schemas (a leaf module).
          { target: './lib/widget', from: './lib/chat', except: ['./schema.ts'], message: 'The widget API does not import chat (chat imports the widget access rules).' },
        ],
      },
    ],
  },
};

// lib/ reaches Inngest only through lib/jobs, where the Inngest-or-in-process choice is made once.
const inngestMessage = 'lib/ reaches Inngest only through lib/jobs (enqueue, startTaskRun).';
const inngestOnlyThroughJobs = {
  files: ['lib/**/*.{ts,tsx}'],
  ignores: ['lib/jobs/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'inngest', message: inngestMessage }],
        patterns: [{ group: ['inngest/*', '@inngest/*', '@/inngest', '@/inngest/*'], message: inngestMessage }],
      },
    ],
    // The rule above sees static imports only; this one also sees `await import('@/inngest/...')`.
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './lib', from: './app', message: 'lib/ never imports app/.' },
          { target: './lib', from: './components', message: 'lib/ never imports components/.' },
          { target: './lib', from: './inngest', message: inngestMessage },
        ],
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  layers,
  inngestOnlyThroughJobs,
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'public/widget.js', 'public/widget/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
