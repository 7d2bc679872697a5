# Lantern in a container: `docker build -t lantern .` then run with DATABASE_URL and AUTH_SECRET
# (compose.yaml runs it beside Postgres). The image runs the standalone server exactly as the
# repository tests it: `node server.js` in `.next/standalone` applies the migrations (under an
# advisory lock, so several replicas may start at once), then serves on PORT. docs/deploy.md.

# 1. Dependencies (the lockfile is honoured; `npm ci` refuses lockfiles made without other platforms' optional packages).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall applies the fixes in patches/ (patch-package) to the installed packages.
COPY patches ./patches
RUN npm install --no-audit --no-fund

# 2. Build: the widget, `next build` and the standalone folder (no DATABASE_URL here, so no migration at build).
FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build

# 3. Run: only the standalone folder, as a user without privileges.
FROM node:22-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME_BIND=0.0.0.0 DATA_DIR=/data
RUN groupadd --system lantern && useradd --system --gid lantern --home-dir /app lantern \
  && mkdir -p /data && chown lantern:lantern /data
COPY --from=build --chown=lantern:lantern /app/.next/standalone ./
USER lantern
EXPOSE 3000
# Ready only while the database answers (GET /health/ready); /health is the liveness check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
