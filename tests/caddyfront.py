"""Debian's Caddy running deploy/Caddyfile on loopback in front of Rookery app servers.

As on a club's server, but with certificates from Caddy's internal CA for the name
``localhost`` (which Rookery allows) and every connection made to 127.0.0.1. Used by
tests/test_two_servers.py and `bench/loadtest.py --servers 2`.
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.request
from pathlib import Path

from tests.liveserver import ROOT, free_port

CADDY = shutil.which("caddy")
NAME = "localhost"


class LoopbackHTTPS(http.client.HTTPSConnection):
    """HTTPS to the public name, always connecting to 127.0.0.1."""

    def connect(self):
        sock = socket.create_connection(("127.0.0.1", self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class LoopbackHTTPSHandler(urllib.request.HTTPSHandler):
    """urllib's HTTPS, through LoopbackHTTPS (a phone's opener adds it)."""

    def __init__(self, context: ssl.SSLContext) -> None:
        super().__init__(context=context)
        self.context = context

    def https_open(self, req):
        return self.do_open(LoopbackHTTPS, req, context=self.context)


def app_env(env: dict[str, str], url: str) -> dict[str, str]:
    """An app server's settings behind the proxy, as deploy/ and .env.example set them."""
    return dict(
        env,
        DJANGO_HTTPS="1",
        ROOKERY_URL=url,
        ROOKERY_CLIENT_IP_HEADER="X-Forwarded-For",
        DJANGO_ALLOWED_HOSTS="",
    )


class CaddyFront:
    def __init__(self, scratch: Path, *, health_interval: str = "1s") -> None:
        self.scratch = scratch
        self.port = free_port()
        self.http_port = free_port()
        self.health_interval = health_interval
        self.proc: subprocess.Popen | None = None
        self.context: ssl.SSLContext | None = None

    @property
    def url(self) -> str:
        return f"https://{NAME}:{self.port}"

    def handler(self) -> LoopbackHTTPSHandler:
        return LoopbackHTTPSHandler(self.context)

    def start(self, upstreams: list[int]) -> CaddyFront:
        if CADDY is None:
            raise RuntimeError("caddy is not installed: apt-get install -y caddy")
        storage = self.scratch / "caddy"
        caddyfile = self.scratch / "Caddyfile"
        shipped = (ROOT / "deploy" / "Caddyfile").read_text()
        # The shipped file checks every 5 s; a test that kills a server checks faster.
        shipped = shipped.replace("health_interval 5s", f"health_interval {self.health_interval}")
        caddyfile.write_text(
            "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
            "\tauto_https disable_redirects\n\tdefault_bind 127.0.0.1\n"
            f"\thttp_port {self.http_port}\n\thttps_port {self.port}\n"
            f"\tstorage file_system {{\n\t\troot {storage}\n\t}}\n}}\n\n" + shipped
        )
        env = dict(
            os.environ,
            ROOKERY_DOMAIN=NAME,
            ROOKERY_UPSTREAMS=" ".join(f"127.0.0.1:{p}" for p in upstreams),
            HOME=str(self.scratch),
            XDG_DATA_HOME=str(self.scratch / "data"),
            XDG_CONFIG_HOME=str(self.scratch / "config"),
        )
        self.proc = subprocess.Popen(
            [CADDY, "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(self.scratch / "caddy.log").open("wb"),
            start_new_session=True,
        )
        root = storage / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proc.poll() is None:
            if root.exists():
                self.context = ssl.create_default_context(cafile=str(root))
                try:
                    conn = LoopbackHTTPS(NAME, self.port, context=self.context, timeout=5)
                    conn.request("GET", "/health/live")
                    if conn.getresponse().status == 200:
                        return self
                except (OSError, ssl.SSLError):
                    pass
            time.sleep(0.3)
        self.stop()
        log = (self.scratch / "caddy.log").read_text(errors="replace")
        raise RuntimeError("caddy did not come up: " + log[-2000:])

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
