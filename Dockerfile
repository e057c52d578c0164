# The merchant dashboard's image: built once per version, run as many times as needed (docs/deploy.md).
#   docker build -t merchant-dashboard .
# For the production gateway (a trial against the sandbox is `npm start` on one machine, see the README).
# `npm test` runs this recipe's steps outside a container (scripts/check-standalone.ts): the same package step,
# started with this file's ENV, CMD and HEALTHCHECK from an empty folder.

FROM node:20-bookworm-slim AS deps
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The standalone server and what it traced, the static files, the migrations and start.mjs, in /dist.
RUN npm run build && npm run package -- --out /dist

# The sandbox gateway, for compose.sandbox.yaml only (a rehearsal of the deployment without the production gateway;
# never part of a production deployment): the sources and the dev tools, run with tsx. The last stage below stays
# the default target, the dashboard.
FROM deps AS sandbox
COPY . .
RUN mkdir -p /data && chown node:node /data
ENV SANDBOX_LISTEN_HOST=0.0.0.0 SANDBOX_PORT=4010 DATA_DIR=/data
USER node
EXPOSE 4010 4025
CMD ["node_modules/.bin/tsx", "sandbox/main.ts"]

FROM node:20-bookworm-slim AS run
WORKDIR /app
RUN groupadd --system dashboard \
 && useradd --system --gid dashboard --no-create-home --home-dir /app dashboard \
 && mkdir -p /data && chown dashboard:dashboard /data
# Owned by root, read-only to the app: only DATA_DIR (/data, a volume) is written.
COPY --from=build /dist ./
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER dashboard
EXPOSE 3000
VOLUME ["/data"]
# Readiness (database reachable, workers started; never the gateway): an instance that cannot serve is marked
# unhealthy, one whose gateway is down is not.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The app drains on SIGTERM within SHUTDOWN_GRACE_SECONDS (25 s): give it `docker stop -t 35`.
STOPSIGNAL SIGTERM
CMD ["node", "start.mjs"]
