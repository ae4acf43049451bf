# Winter Carcassonne online: one process (uvicorn) serving the API, the websocket and static/.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATABASE_URL=sqlite+aiosqlite:////data/carcassonne.db

RUN useradd --create-home --uid 10001 carcassonne \
    && mkdir -p /data /srv/app \
    && chown carcassonne:carcassonne /data /srv/app

WORKDIR /srv/app
COPY pyproject.toml README.md ./
COPY app ./app
COPY migrations ./migrations
COPY static ./static
# The same install command as the README's.
RUN pip install -e .

USER carcassonne
VOLUME ["/data"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/api/health' % os.environ.get('PORT', '8000'), timeout=4)" || exit 1

# Migrations run at start-up; SIGTERM closes sockets with 1012 so clients reconnect at once.
CMD ["python", "-m", "app"]
