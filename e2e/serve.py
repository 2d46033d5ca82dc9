#!/usr/bin/env python3
"""Tiny static server for site/ (``make play``, the e2e tests and the benchmark).

Why our own: the stdlib server guesses MIME types from the OS tables, which
may lack ``.mjs``/``.wasm``/``.webmanifest``/``.toml``. Browsers refuse module
scripts with a wrong type and compile wasm without streaming unless it is
``application/wasm``, so the types are fixed here, like GitHub Pages does.

Options:
  --root DIR        folder to serve (default: site/ next to this repo)
  --prefix /repo/   serve the folder under a sub-path, as GitHub Pages does
                    for project sites ("/" redirects there)
  --overlay DIR     extra files served in front of --root (the benchmark's bare page)
  --port N          0 picks a free port; the chosen address is printed on stdout
  --gzip            text files (HTML, CSS, JS, JSON, SVG, ...) gzip'd to a browser that
                    accepts it, as GitHub Pages serves them (bench/lighthouse.py's default;
                    the e2e tests serve every file as it is)
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


# What GitHub Pages sends gzip'd (Content-Encoding: gzip, to a browser that accepts it): its
# text types. Wasm, zip and images go as they are (the zips are compressed already).
GZIP_TYPES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".toml", ".py"}
_gzipped: dict[tuple[str, int, int], bytes] = {}  # (path, mtime, size) -> body, served many times a run


def _gzip_file(path: str, stat: os.stat_result) -> bytes:
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _gzipped:
        with open(path, "rb") as f:
            _gzipped[key] = gzip.compress(f.read(), compresslevel=6, mtime=0)
    return _gzipped[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle's algorithm on, the body
    # then waits for the browser's delayed ACK (≈ 40 ms a response on Linux), and
    # the page's chain of module and config fetches measured that, not the page.
    disable_nagle_algorithm = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    prefix = "/"
    overlay: Path | None = None
    quiet = False
    gzip_text = False  # text types gzip'd, as GitHub Pages serves them (GZIP_TYPES)

    def guess_type(self, path):  # noqa: D102 - stdlib override
        return MIME.get(os.path.splitext(str(path))[1].lower(), "application/octet-stream")

    def _strip_prefix(self) -> bool:
        """Map /prefix/... onto the root; False if the request is outside the prefix."""
        if self.prefix == "/":
            return True
        parts = urlsplit(self.path)
        if parts.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix + (f"?{parts.query}" if parts.query else ""))
            self.end_headers()
            return False
        if not parts.path.startswith(self.prefix):
            if parts.path == "/":
                self.send_response(302)
                self.send_header("Location", self.prefix)
                self.end_headers()
            else:
                self.send_error(404, "outside the served prefix")
            return False
        self.path = "/" + self.path[len(self.prefix):]
        return True

    def translate_path(self, path):  # noqa: D102 - stdlib override
        local = super().translate_path(path)
        if self.overlay is not None:
            rel = os.path.relpath(local, self.directory)
            candidate = self.overlay / rel
            if not rel.startswith("..") and candidate.is_file():
                return str(candidate)
        return local

    def send_head(self):  # noqa: D102 - stdlib override
        if not self.gzip_text or "gzip" not in self.headers.get("Accept-Encoding", "") or "If-Modified-Since" in self.headers:
            return super().send_head()  # (a revalidation: the stdlib's 304, or the file as it is)
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.splitext(path)[1].lower() not in GZIP_TYPES or not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        body = _gzip_file(path, stat)
        self.send_response(200)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def do_GET(self):  # noqa: N802 - stdlib name
        if self._strip_prefix():
            super().do_GET()

    def do_HEAD(self):  # noqa: N802 - stdlib name
        if self._strip_prefix():
            super().do_HEAD()

    def end_headers(self):
        # Like a plain static host: let the browser cache, but revalidate.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/", overlay: Path | None = None, quiet: bool = True,
                gzip_text: bool = False):
    """A ThreadingHTTPServer for ``root`` (not started); used in-process by tools. ``gzip_text``:
    text files gzip'd as GitHub Pages sends them (off for the e2e tests)."""
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    handler = functools.partial(
        type("SiteHandler", (Handler,), {"prefix": prefix, "overlay": overlay, "quiet": quiet, "gzip_text": gzip_text}),
        directory=str(root),
    )
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path, overlay: Path | None = None, gzip_text: bool = False):
    """Serve ``root`` on a free loopback port from a daemon thread, for the
    benchmarks: returns the server (``shutdown()`` it) and its base URL."""
    server = make_server(root, port=0, overlay=overlay, gzip_text=gzip_text)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve site/ with correct MIME types.")
    ap.add_argument("--root", type=Path, default=ROOT / "site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/")
    ap.add_argument("--overlay", type=Path)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--gzip", action="store_true", help="text files gzip'd, as GitHub Pages serves them")
    args = ap.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"serve.py: {args.root}/index.html missing — run `make site` first", file=sys.stderr)
        return 2
    server = make_server(args.root.resolve(), args.host, args.port, args.prefix, args.overlay, args.quiet, args.gzip)
    host, port = server.server_address[:2]
    path = args.prefix if args.prefix.startswith("/") else "/" + args.prefix
    if not path.endswith("/"):
        path += "/"
    print(f"Serving {args.root} at http://{host}:{port}{path}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
