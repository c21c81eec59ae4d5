"""A club's public server: Debian's Caddy with its own certificate in front of Rookery.

Caddy runs deploy/Caddyfile as shipped, on loopback, with certificates from its
internal CA (`local_certs`: `tls internal` for every site) instead of Let's
Encrypt; Rookery runs under production settings. The host signs in over HTTPS
exactly as a browser at https://rook.example.test would: every connection goes
to 127.0.0.1, carrying the public name in SNI and the Host header.
"""

import http.client
import http.cookies
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
import urllib.parse

import pytest

from tests.liveserver import ROOT, Server, free_port, migrate, run_django, server_env

pytestmark = pytest.mark.e2e

NAME = "rook.example.test"
CADDY = shutil.which("caddy")


class LoopbackHTTPS(http.client.HTTPSConnection):
    """HTTPS to the public name, always connecting to 127.0.0.1."""

    def connect(self):
        sock = socket.create_connection(("127.0.0.1", self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


@pytest.fixture
def public_server(tmp_path):
    if CADDY is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but caddy is not installed: apt-get install -y caddy")
        pytest.skip("caddy is not installed")
    https_port, http_port = free_port(), free_port()
    url = f"https://{NAME}:{https_port}"
    env = server_env(tmp_path / "public.sqlite3")
    env.update(
        DJANGO_HTTPS="1",
        ROOKERY_URL=url,
        ROOKERY_CLIENT_IP_HEADER="X-Forwarded-For",
        DJANGO_ALLOWED_HOSTS="",
    )
    migrate(env)
    run_django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "get_user_model().objects.create_user('host', password='a long host password 42')\n",
    )
    app = Server(env).start()
    storage = tmp_path / "caddy"
    caddyfile = tmp_path / "Caddyfile"
    caddyfile.write_text(
        "{\n"
        "\tadmin off\n"
        "\tlocal_certs\n"
        "\tskip_install_trust\n"
        "\tauto_https disable_redirects\n"
        "\tdefault_bind 127.0.0.1\n"
        f"\thttp_port {http_port}\n"
        f"\thttps_port {https_port}\n"
        f"\tstorage file_system {{\n\t\troot {storage}\n\t}}\n"
        "}\n\n" + (ROOT / "deploy" / "Caddyfile").read_text()
    )
    caddy_env = dict(
        os.environ,
        ROOKERY_DOMAIN=NAME,
        ROOKERY_UPSTREAMS=f"127.0.0.1:{app.port}",
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    caddy = subprocess.Popen(
        [CADDY, "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
        env=caddy_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    root = storage / "pki" / "authorities" / "local" / "root.crt"
    context = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and caddy.poll() is None:
        if root.exists():
            context = ssl.create_default_context(cafile=str(root))
            try:
                conn = LoopbackHTTPS(NAME, https_port, context=context, timeout=5)
                conn.request("GET", "/health/live")
                if conn.getresponse().status == 200:
                    break
            except (OSError, ssl.SSLError):
                pass
        time.sleep(0.3)
    else:
        caddy.kill()
        app.stop()
        pytest.fail("caddy did not come up: " + (caddy.stderr.read() or b"").decode()[-2000:])
    yield {"port": https_port, "context": context, "url": url}
    caddy.terminate()
    caddy.wait(timeout=10)
    app.stop()


def request(server, method, path, *, cookies=None, body=None, headers=None):
    conn = LoopbackHTTPS(NAME, server["port"], context=server["context"], timeout=10)
    head = {"Host": f"{NAME}:{server['port']}", **(headers or {})}
    if cookies:
        head["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if body is not None:
        head["Content-Type"] = "application/x-www-form-urlencoded"
        body = urllib.parse.urlencode(body)
    conn.request(method, path, body=body, headers=head)
    response = conn.getresponse()
    return response, response.read().decode()


def set_cookies(response) -> dict[str, http.cookies.Morsel]:
    jar = http.cookies.SimpleCookie()
    for header in response.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    return dict(jar)


def test_a_host_signs_in_over_https_through_caddy(public_server):
    login = "/accounts/login/"
    response, page = request(public_server, "GET", login)
    assert response.status == 200 and "Host sign-in" in page
    assert "max-age=31536000" in response.getheader("Strict-Transport-Security", "")
    csrf_cookie = set_cookies(response)["csrftoken"]
    assert csrf_cookie["secure"]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    origin = public_server["url"]
    response, _ = request(
        public_server,
        "POST",
        login,
        cookies={"csrftoken": csrf_cookie.value},
        body={
            "csrfmiddlewaretoken": token,
            "username": "host",
            "password": "a long host password 42",
        },
        headers={"Origin": origin, "Referer": origin + login},
    )
    assert response.status == 302, "CSRF or sign-in failed over HTTPS"
    assert response.getheader("Location") == "/host/"
    session = set_cookies(response)["sessionid"]
    assert session["secure"] and session["httponly"]

    response, page = request(
        public_server,
        "GET",
        "/host/",
        cookies={"sessionid": session.value, "csrftoken": csrf_cookie.value},
    )
    assert response.status == 200 and "My events" in page
    assert response.getheader("Strict-Transport-Security")


def test_caddy_passes_the_health_check_through(public_server):
    response, body = request(public_server, "GET", "/health/?format=json")
    assert response.status == 200 and "Database" in body
