# One image for every Lattice role: `docker run lattice:<image_tag> host documents | gateway | frontend | db`.
# Build: docker build -t lattice:<image_tag> .   (docs/deploy.md; CI has no container engine and builds none)
# Secrets never enter the image: configs.json is mounted at run time and credentials come as environment.

FROM node:20-bookworm-slim AS build
# re2 (the embedded database's linear-time regular expressions) compiles from source with node-gyp.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
ENV TURBO_TELEMETRY_DISABLED=1 CI=true
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf .turbo */.turbo */*/.turbo

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    LATTICE_LISTEN_HOST=0.0.0.0 \
    NODE_OPTIONS=--max-http-header-size=32768
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# The roles only read the application; they write nothing but logs to stdout. Numeric (the image's `node`
# user), so Kubernetes can check `runAsNonRoot` without reading /etc/passwd; the generated pods say the same.
USER 1000:1000
EXPOSE 3000 3200 3300 3400 4000
ENTRYPOINT ["node", "packages/cli/bin/lattice.js"]
CMD ["--help"]
