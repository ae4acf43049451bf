"""A static-only stand-in for the real server, for client work before app/server exists.

Serves the pages under the same URLs as the real server and ``/api/tiles`` from the
development catalog. Run: ``python tests/e2e/stub_server.py [port]``.
"""

import json
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fixture_catalog import catalog  # noqa: E402

STATIC = Path(__file__).resolve().parents[2] / "static"
PAGES = {"/": "index.html", "/r/": "room.html", "/games/": "replay.html"}


class Handler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/api/tiles":
            body = json.dumps(catalog()).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        for prefix, page in PAGES.items():
            if path == prefix or (prefix != "/" and path.startswith(prefix)):
                self.path = "/" + page
                break
        else:
            if path.startswith("/static/"):
                self.path = path[len("/static"):]
        super().do_GET()


def serve(port: int) -> ThreadingHTTPServer:
    return ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(STATIC)))


if __name__ == "__main__":
    serve(int(sys.argv[1]) if len(sys.argv) > 1 else 8765).serve_forever()
