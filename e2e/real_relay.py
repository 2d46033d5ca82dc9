"""A real Nostr relay on this machine for the online tests: PyPI's ``nostr-relay`` behind a TLS front.

Why: the fake relay of ``fake_relay.py`` accepts whatever a page sends; a real relay checks
every event's id and signature, applies subscription filters and ephemeral kinds as public
relays do, refuses events over its size limit and answers ``OK false "rate-limited: …"`` past
its rate, so the pages meet what they meet in the field.  The pages keep their own
``wss://`` hosts: Chromium is started with ``--host-resolver-rules`` mapping every relay of
``web/page/relays.json`` to the front's port (:meth:`RealRelay.resolver_rules`); the front
ends TLS with a throwaway self-signed certificate (contexts ``ignore_https_errors``) and
pumps bytes to the relay.  Each socket reaches the relay from an address of its own in
127.0.0.0/8, so the relay's per-address limits act per connection, as public relays' do.
Nothing is injected into the page, and a worker's sockets would reach it too.

  with RealRelay(limits) as relay:  relay.port, relay.resolver_rules(), relay.down(), relay.up()
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RELAY_LIST = ROOT / "web" / "page" / "relays.json"

MAX_CONTENT = 4_096
"""Characters of an event's content the relay accepts (its own default, and a common public limit)."""
LIMITS = {"EVENT": "8/s,240/min", "REQ": "20/s"}
"""Per connection (each has its own address here): a few events a second, as public relays allow."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def relay_hosts() -> list[str]:
    """Every relay host of the page's list (``wss://host[/path]``)."""
    urls = [entry["url"] for entry in json.loads(RELAY_LIST.read_text())["relays"]]
    return [url.removeprefix("wss://").split("/", 1)[0] for url in urls]


class RealRelay:
    """``nostr-relay`` in a subprocess on 127.0.0.1, and a TLS front in a thread."""

    def __init__(self, limits: dict[str, str] | None = None, max_content: int = MAX_CONTENT) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="nostr-relay-")
        self.relay_port = _free_port()
        self.port = _free_port()
        self.limits = dict(LIMITS if limits is None else limits)
        self.max_content = max_content
        self.proc: subprocess.Popen | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server = None
        self.is_up = True
        self.pipes: set[asyncio.StreamWriter] = set()
        self.connections = 0
        self.refused = 0

    # --- the relay -------------------------------------------------------------------------

    def _config(self) -> Path:
        folder = Path(self.dir.name)
        lines = [
            "DEBUG: false",
            f"max_event_size: {self.max_content}",
            "oldest_event: 3600",
            "message_timeout: 1800",
            "subscription_limit: 32",
            "storage:",
            f"  sqlalchemy.url: sqlite+aiosqlite:///{folder / 'relay.sqlite3'}",
            "  validators:",
            "    - nostr_relay.validators.is_not_too_large",
            "    - nostr_relay.validators.is_signed",
            "    - nostr_relay.validators.is_recent",
            "gunicorn:",
            f"  bind: 127.0.0.1:{self.relay_port}",
            "  workers: 1",
            "  loglevel: warning",
            "logging:",
            "  version: 1",
            "  root: {level: WARNING}",
            "  loggers: {nostr_relay: {level: WARNING}}",
        ]
        if self.limits:
            lines += ["rate_limits:", "  ip:"] + [f"    {k}: {v}" for k, v in self.limits.items()]
        path = folder / "config.yaml"
        path.write_text("\n".join(lines) + "\n")
        return path

    def _start_relay(self) -> None:
        self.log_file = log = open(Path(self.dir.name) / "relay.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from nostr_relay.cli import main; main()", "-c", str(self._config()), "serve"],
            cwd=self.dir.name, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nostr-relay exited: {self.log()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.relay_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"nostr-relay did not listen: {self.log()[-2000:]}")

    def log(self) -> str:
        path = Path(self.dir.name) / "relay.log"
        return path.read_text(errors="replace") if path.exists() else ""

    # --- the TLS front ---------------------------------------------------------------------

    def _certificate(self):
        """A throwaway self-signed certificate (``cryptography``, a dependency of nostr-relay)."""
        import datetime
        import ssl

        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID

        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "relay.test")])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
                .not_valid_after(now + datetime.timedelta(days=1)).sign(key, hashes.SHA256()))
        folder = Path(self.dir.name)
        (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        (folder / "key.pem").write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                           serialization.PrivateFormat.PKCS8,
                                                           serialization.NoEncryption()))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
        return context

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.is_up:
            self.refused += 1
            writer.close()
            return
        self.connections += 1
        source = f"127.0.{(self.connections // 250) % 250}.{2 + self.connections % 250}"
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.relay_port,
                                                                 local_addr=(source, 0))
        except OSError:
            writer.close()
            return
        self.pipes.update((writer, up_writer))
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        except asyncio.CancelledError:
            pass  # (the front is stopping)
        finally:
            self.pipes.difference_update((writer, up_writer))

    def _run_front(self, ready: threading.Event) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        context = self._certificate()

        async def start() -> None:
            self.server = await asyncio.start_server(self._accept, "127.0.0.1", self.port, ssl=context)

        self.loop.run_until_complete(start())
        ready.set()
        self.loop.run_forever()
        self.server.close()
        for writer in list(self.pipes):
            writer.transport.abort()
        tasks = asyncio.all_tasks(self.loop)
        for task in tasks:
            task.cancel()
        if tasks:
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        self.loop.close()

    # --- outages -----------------------------------------------------------------------------

    def down(self) -> None:
        """Every relay socket closes and new ones are refused (an outage) until :meth:`up`."""
        self.is_up = False

        def close_all() -> None:
            for writer in list(self.pipes):
                writer.transport.abort()
            self.pipes.clear()

        self.loop.call_soon_threadsafe(close_all)

    def up(self) -> None:
        self.is_up = True

    # --- for Chromium ------------------------------------------------------------------------

    def resolver_rules(self) -> str:
        """``--host-resolver-rules``: every relay host of the list to the front (STUN hosts stay
        unresolved: there is no internet here)."""
        return "--host-resolver-rules=" + ", ".join(f"MAP {host} 127.0.0.1:{self.port}" for host in relay_hosts())

    def __enter__(self) -> RealRelay:
        self._start_relay()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run_front, args=(ready,), daemon=True)
        self.thread.start()
        if not ready.wait(30):
            raise RuntimeError("the TLS front did not start")
        return self

    def __exit__(self, *exc) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if self.proc is not None:
            self.log_file.close()
        self.dir.cleanup()
