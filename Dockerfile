# Laurel as a container image. The build stage runs the same commands as CI (.ci/run):
#   npm ci  →  npm run build  →  npm prune --omit=dev
# and the image runs `node dist/main.js` as an unprivileged user.
#
#   docker build -t laurel .
#   docker run -p 3000:3000 -v laurel-data:/app/data laurel
#
# NODE_VERSION: 22 (LTS) by default, or 24 (docs/decisions/105-deployment-and-node-versions.md).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-slim AS build
# better-sqlite3 compiles its addon when no prebuilt binary fits.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY dashboard ./dashboard
RUN npm ci
RUN npm run build
RUN npm prune --omit=dev

FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LAUREL_DATA_DIR=/app/data \
    DATABASE_URL=sqlite:/app/data/laurel.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dashboard/dist ./dashboard/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Ready: the store (and Redis in scale mode) answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) finishes requests in flight, closes the stores and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
