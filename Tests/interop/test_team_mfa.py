"""Two-step sign-in on the care team's dashboard, checked by independent readers.

`carekit sync-server --require-mfa` asks a clinician to set up an authenticator app. PyPI's
`pyotp` (an implementation of RFC 6238 that authenticator apps agree with) reads the
`otpauth://` URI the page shows and makes the codes that then sign in; zbar (Debian's
`zbarimg`) reads the QR code, rendered from the page's SVG by librsvg's `rsvg-convert`, and
must find the same URI. The server's clock is pinned with CAREKIT_NOW, so the codes do not
depend on today.
"""
import base64
import datetime as dt
import html
import http.cookiejar
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pyotp
import pytest

from test_calendar_feed import CAREKIT
from test_fhir import started, stop

NOW = dt.datetime(2026, 6, 15, 12, 0, 0, tzinfo=dt.timezone.utc)
PASSWORD = "grace's long password"


class Browser:
    """A browser without JavaScript: cookies, the CSRF field of the last page, redirects followed."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = ""

    def open(self, path: str, fields: dict | None = None) -> tuple[int, str, str]:
        data = None
        if fields is not None:
            data = urllib.parse.urlencode({"csrf": self.csrf, **fields}).encode()
        try:
            with self.opener.open(self.base + path, data=data, timeout=120) as response:
                status, url, text = response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            status, url, text = error.code, error.url, error.read().decode()
        found = re.search(r'name="csrf" value="([^"]+)"', text)
        if found:
            self.csrf = found.group(1)
        return status, urllib.parse.urlparse(url).path, text

    def sign_in(self) -> tuple[int, str, str]:
        self.open("/team/login")
        return self.open("/team/login", {"email": "grace@clinic.example", "password": PASSWORD})


@pytest.fixture
def server(tmp_path):
    environment = {"TZ": "UTC", "CAREKIT_NOW": NOW.isoformat().replace("+00:00", "Z"), "PATH": "/usr/bin:/bin",
                   "XDG_DATA_HOME": str(tmp_path / "xdg")}
    database = str(tmp_path / "server.sqlite")
    added = subprocess.run([CAREKIT, "sync-server", "add-clinician", "grace@clinic.example", "--db", database],
                           input=PASSWORD + "\n", capture_output=True, text=True, env=environment, timeout=120)
    assert added.returncode == 0, added.stderr
    process, line = started(["sync-server", "--db", database, "--port", "0", "--require-mfa"], environment, "carekit sync-server")
    try:
        yield line.split("running at ")[1].split("/ ")[0].rstrip("/")
    finally:
        stop(process)


def test_pyotp_reads_the_key_zbar_reads_the_qr_code_and_their_codes_sign_in(server, tmp_path):
    browser = Browser(server)
    status, path, page = browser.sign_in()
    assert (status, path) == (200, "/team/second-factor")
    uri = html.unescape(re.search(r"otpauth://totp/[^<\"]+", page).group(0))
    totp = pyotp.parse_uri(uri)
    assert isinstance(totp, pyotp.TOTP)
    assert (totp.name, totp.issuer, totp.digits, totp.interval) == ("grace@clinic.example", "CareKit care team", 6, 30)
    assert totp.digest().name == "sha1"
    assert len(base64.b32decode(totp.secret + "=" * (-len(totp.secret) % 8))) == 20

    # The QR code, as a phone's camera would read it.
    svg = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page).group(1))
    (tmp_path / "key.svg").write_bytes(svg)
    subprocess.run(["rsvg-convert", "-w", "600", "-o", str(tmp_path / "key.png"), str(tmp_path / "key.svg")], check=True, timeout=60)
    scanned = subprocess.run(["zbarimg", "--raw", "-q", str(tmp_path / "key.png")], capture_output=True, text=True, timeout=60)
    assert scanned.returncode == 0, scanned.stderr
    assert scanned.stdout.strip() == uri

    status, _, page = browser.open("/team/second-factor", {"code": totp.at(NOW)})
    assert status == 200 and "Two-step sign-in is on" in page
    recovery = re.findall(r"<code translate=\"no\"[^>]*>([a-z2-7]{4}(?:-[a-z2-7]{4}){3})</code>", page)
    assert len(set(recovery)) == 10
    assert browser.open("/team")[1] == "/team"

    # The next sign-in: pyotp's code of the next 30 seconds (the server allows one step of drift).
    later = Browser(server)
    assert later.sign_in()[1] == "/team/login/code"
    assert later.open("/team/login/code", {"code": totp.at(NOW)})[0] == 401, "the code that set it up is used"
    status, path, _ = later.open("/team/login/code", {"code": totp.at(NOW + dt.timedelta(seconds=30))})
    assert (status, path) == (200, "/team")
    # Two steps away is refused, as pyotp's own verify with a window of one would.
    third = Browser(server)
    third.sign_in()
    far = totp.at(NOW + dt.timedelta(seconds=90))
    assert not totp.verify(far, for_time=NOW, valid_window=1)
    assert third.open("/team/login/code", {"code": far})[0] == 401
    assert third.open("/team/login/code", {"code": recovery[0]})[1] == "/team"

