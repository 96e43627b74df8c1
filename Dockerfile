# Serenissima: the bot. By default its SQLite database lives on the /data volume:
#   docker build -t serenissima .
#   docker run -e DISCORD_TOKEN=... -v serenissima-data:/data serenissima
# At scale, point SERENISSIMA_DB at PostgreSQL and run several processes with
# SERENISSIMA_SHARDS / SERENISSIMA_SHARD_COUNT: compose.yaml does both (README, "Running at scale").
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    SERENISSIMA_DB=/data/serenissima.sqlite3

WORKDIR /app

# Dependencies first, in a cached layer of their own.
COPY pyproject.toml README.md ./
RUN mkdir -p bot games renderers locales \
    && touch bot/__init__.py games/__init__.py renderers/__init__.py locales/__init__.py \
    && pip install --no-cache-dir . \
    && pip uninstall -y serenissima

# The source last: a code change rebuilds only this layer.
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
COPY locales ./locales
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 serenissima \
    && mkdir -p /data && chown serenissima /data

USER serenissima
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
