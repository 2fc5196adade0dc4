# syntax=docker/dockerfile:1
# The site's container image: `docker build --build-arg SITE_URL=https://your.address -t isa-site .`
# See the README, "Running in production". Two stages on the same Debian (glibc) base, so the
# prebuilt sharp binaries that `npm ci` picks in the first are the right ones for the second.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
# npm ci: exactly what package-lock.json records (it lists every platform's optional packages of the
# Astro compiler, oxc-parser and Pagefind), with only the install scripts package.json approves.
RUN npm ci --no-audit --no-fund
COPY . .
# Canonical links, the sitemap and structured data name this address: set it for your site.
ARG SITE_URL=https://isa-tamilnadu.example.org
ENV SITE_URL=${SITE_URL}
RUN npx astro build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ARG SITE_URL=https://isa-tamilnadu.example.org
ENV NODE_ENV=production \
    SITE_URL=${SITE_URL} \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data \
    EVENTS_SAMPLE_DATA=off
WORKDIR /app
# The server imports src/server/ at run time (astro.config.mjs), so src/ goes beside dist/;
# scripts/ holds the start script and the office's commands (messages, seed, backups).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
# Events, photos, contact messages and the form key: one folder, kept outside the container.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The node user of the base image (uid 1000): the site never runs as root.
USER node
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.ts"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.ts"]
