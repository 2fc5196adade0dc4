# syntax=docker/dockerfile:1
# The site's container: `npm run deploy` (scripts/deploy.ts), which follows the society's repository
# (DEPLOY_REPO) and puts each merged commit live by itself, with no failed request. compose.yaml
# builds and runs it behind Caddy; see the README, "Running in production". Node 24 slim (Debian, so
# sharp's prebuilt binaries match), with git and ssh to fetch the repository.

FROM node:24-bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends git openssh-client ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
# The repository's patches of dependencies (patches/README.md), applied by npm ci's postinstall.
COPY patches ./patches
# npm ci: exactly what package-lock.json records (it lists every platform's optional packages of the
# Astro compiler, oxc-parser and Pagefind), with only the install scripts package.json approves. The
# first release reuses these dependencies when its lock file is the same.
RUN npm ci --no-audit --no-fund
COPY . .
# What every release is built with (compose.yaml passes them from .env): the public address, named by
# canonical links, the sitemap and structured data, and the content editor's GitHub mode (without
# both Keystatic values /keystatic answers 404, and the server says so at start).
ARG SITE_URL=https://isa-tamilnadu.example.org
ARG PUBLIC_KEYSTATIC_GITHUB_REPO=
ARG PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=
ENV NODE_ENV=production \
    SITE_URL=${SITE_URL} \
    PUBLIC_KEYSTATIC_GITHUB_REPO=${PUBLIC_KEYSTATIC_GITHUB_REPO} \
    PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=${PUBLIC_KEYSTATIC_GITHUB_APP_SLUG} \
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
# The node user of the base image (uid 1000): the site and its builds never run as root.
USER node
EXPOSE 4321
# The first release is built at the first start (a few minutes): /healthz answers once it is live.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15m --retries=3 CMD ["node", "scripts/healthcheck.ts"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/deploy.ts"]
