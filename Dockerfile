# syntax=docker/dockerfile:1
# The site's container: `npm run deploy` (scripts/deploy.ts), which follows the releases CI publishes
# (DEPLOY_RELEASES) and puts each one live by itself, with no failed request. compose.yaml runs it
# behind Caddy; see docs/operations.md, "Setting it up". Node 24 slim (Debian: the libc of the
# releases' native packages). The image holds only what runs the deploy: no build tools, no git,
# no development dependencies; every release arrives built, with its own dependencies.

FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci: exactly what package-lock.json records, production dependencies only, and no install script.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY . .
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data \
    DEPLOY_DIR=/releases \
    EVENTS_SAMPLE_DATA=off
# Events, photos, contact messages and accounts (DATA_DIR), and the releases (DEPLOY_DIR): two
# folders apart, kept outside the container; every release shares the one DATA_DIR.
# The scheduled backups go in /backups (BACKUP_DIR, set in compose.yaml), a third folder apart.
RUN mkdir -p /data /releases /backups && chown node:node /data /releases /backups
VOLUME ["/data", "/releases", "/backups"]
# The node user of the base image (uid 1000): the site never runs as root.
USER node
EXPOSE 4321
# The first release is downloaded and started at the first start: /healthz answers once it is live.
HEALTHCHECK --interval=30s --timeout=5s --start-period=5m --retries=3 CMD ["node", "scripts/healthcheck.ts"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/deploy.ts"]
