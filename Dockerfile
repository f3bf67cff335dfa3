# Kelp Bot: the Discord bot in a small image. State lives in /data (mount a volume).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    KELP_DB=/data/kelp.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY rendering ./rendering
COPY bot ./bot
COPY tests/__init__.py ./tests/__init__.py
COPY tests/fakediscord ./tests/fakediscord
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 kelp \
    && mkdir -p /data && chown kelp:kelp /data

USER 10001
VOLUME ["/data"]

# Healthy while the database opens and answers (the bot writes nothing else to disk).
HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, sqlite3; sqlite3.connect(os.environ['KELP_DB']).execute('select 1')"]

ENTRYPOINT ["kelp", "bot"]
