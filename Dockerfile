# syntax=docker/dockerfile:1
# Frío's image (docs/operations.md). The build stage compiles the server, workers and web
# with the development dependencies; the image that runs holds only the production
# dependencies, the compiled files, the migrations and Postgres 18's client tools (backups),
# and runs the compiled server with node as the unprivileged `node` user.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# pg_dump and pg_restore as new as the server (Debian's own are 15): from the PostgreSQL apt
# repository, whose key postgresql-common ships.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-18 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root, read-only to the app: it writes only to DATA_DIR and BACKUP_DIR.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/drizzle/migrations ./drizzle/migrations
COPY --from=build /app/drizzle/functions ./drizzle/functions
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
# 200 while the database answers (503 when it is down); the workers' service turns this off.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The compiled server with plain node (no TypeScript loader); the workers' service runs dist/workers/main.js.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
