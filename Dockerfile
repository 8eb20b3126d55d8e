# The gateway image (API + built site and studio). Functions use the same image with `gateway functions serve <slug>`.
FROM node:20-bookworm-slim AS site
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM node:20-bookworm-slim AS studio
WORKDIR /src/studio
COPY studio/package.json studio/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY studio/ ./
# Its build lands in the gateway package (../gateway/studio/dist), which serves it at /_/.
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
# The locked versions, checked by their hashes (scripts/lock writes the file), then the gateway without resolving again.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml ./
COPY gateway/ gateway/
COPY supabase/ supabase/
COPY schema/ schema/
COPY policies/ policies/
COPY functions/ functions/
COPY --from=site /src/web/dist web/dist
COPY --from=studio /src/gateway/studio/dist gateway/studio/dist
# The project is /app (the working folder): supabase/config.toml points at schema/, policies/, functions/, web/dist.
RUN pip install --no-cache-dir --no-deps .
# A user of its own, owning nothing but the data folder: the code and the site stay root-owned and read-only to it.
RUN useradd --system --uid 10001 --no-create-home --home-dir /data gateway \
    && install -d -o gateway -g gateway -m 0700 /data /data/storage
# Listening beyond loopback: no demo accounts (their passwords are published), whatever the project asks.
ENV API_HOST=0.0.0.0 API_PORT=54321 DATA_DIR=/data SEED_DEMO=false PYTHONDONTWRITEBYTECODE=1
VOLUME /data
EXPOSE 54321
USER gateway
CMD ["gateway", "serve"]
