"""The whole flow (sign-up, confirm, sign-in, refresh, recovery, REST and functions with bad tokens, realtime with
valid and expired tokens; Storage on S3 with signed URLs, mail over SMTP with a login) with every logger at DEBUG: no
secret in any log record or any error body, nor in the repr of the settings and keys that hold them."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import psycopg
import pytest
import websockets

from gateway.jwt_keys import JwtKeys
from gateway.settings import Settings
from gateway.storage.s3 import S3Settings
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.realtime.client import PhoenixClient
from tests.security.forge import claims, hs256
from tests.storage.backends import SECRET_KEY, S3Server, start_seaweedfs
from tests.support.live import LiveGateway, free_port, run_gateway
from tests.support.smtp import SmtpServer
from tests.support.waits import eventually

VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}
# "uvicorn" and "uvicorn.access" do not propagate to the root logger, so the capture is attached to them too.
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "gateway", "functions", "httpx",
           "httpcore", "psycopg", "botocore", "aiobotocore")
FORMATTER = logging.Formatter("%(name)s %(levelname)s %(message)s")


@contextmanager
def every_log_record(caplog: pytest.LogCaptureFixture) -> Iterator[list[logging.LogRecord]]:
    """Called inside the test: caplog has one handler per test phase, and this is the call phase's."""
    for name in LOGGERS:
        caplog.set_level(logging.DEBUG, logger=name or None)
    unpropagated = [logging.getLogger(name) for name in ("uvicorn", "uvicorn.access")]
    for logger in unpropagated:
        logger.addHandler(caplog.handler)
    try:
        yield caplog.records
    finally:
        for logger in unpropagated:
            logger.removeHandler(caplog.handler)


class Flow:
    def __init__(self, gateway: LiveGateway, db: psycopg.Connection) -> None:
        self.gateway = gateway
        self.db = db
        self.secrets: dict[str, str] = {"anon key": gateway.anon_key, "service key": gateway.service_key,
                                        "JWT secret": TEST_JWT_SECRET}
        self.error_bodies: list[str] = []
        self.auth = httpx.Client(base_url=f"{gateway.url}/auth/v1", timeout=30,
                                 headers={**gateway.headers(), **VERSIONED})

    def keep(self, name: str, value: str) -> str:
        self.secrets[name] = value
        return value

    def failed(self, response: httpx.Response, status: int) -> None:
        assert response.status_code == status, response.text
        self.error_bodies.append(response.text + json.dumps(dict(response.headers)))

    def mail_secrets(self, email: str, kind: str) -> tuple[str, str]:
        text = self.db.execute("select text_body from mail.outbox where to_address = %s and kind = %s"
                               " order by created_at desc limit 1", (email, kind)).fetchone()[0]
        token = re.search(r"token=([0-9a-f]+)", text).group(1)
        code = re.search(r"Or enter this code: (\d+)", text).group(1)
        return self.keep(f"{kind} token", token), self.keep(f"{kind} code", code)


def run_auth_flow(flow: Flow) -> str:
    email = f"logs-{uuid.uuid4().hex[:8]}@example.com"
    password = flow.keep("password", f"Pw-{uuid.uuid4().hex}")
    assert flow.auth.post("/signup", json={"email": email, "password": password}).status_code == 200
    flow.failed(flow.auth.post("/token?grant_type=password", json={"email": email, "password": password}), 400)
    token, _ = flow.mail_secrets(email, "auth.signup")
    confirmed = httpx.get(f"{flow.gateway.url}/auth/v1/verify?token={token}&type=signup", follow_redirects=False)
    assert confirmed.status_code == 303
    flow.keep("bcrypt hash", flow.db.execute("select encrypted_password from auth.users where email = %s",
                                             (email,)).fetchone()[0])
    flow.failed(flow.auth.post("/token?grant_type=password", json={"email": email, "password": password + "x"}), 400)
    session = flow.auth.post("/token?grant_type=password", json={"email": email, "password": password}).json()
    flow.keep("access token", session["access_token"])
    flow.keep("refresh token", session["refresh_token"])
    rotated = flow.auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    flow.keep("rotated access token", rotated.json()["access_token"])
    flow.keep("rotated refresh token", rotated.json()["refresh_token"])
    flow.failed(flow.auth.post("/token?grant_type=refresh_token", json={"refresh_token": "x" + session["refresh_token"]}), 400)
    assert flow.auth.post("/recover", json={"email": email}).status_code == 200
    recovery_token, recovery_code = flow.mail_secrets(email, "auth.recovery")
    flow.failed(flow.auth.post("/verify", json={"type": "recovery", "email": email,
                                                "token": str((int(recovery_code) + 1) % 1000000).zfill(6)}), 403)
    recovered = httpx.get(f"{flow.gateway.url}/auth/v1/verify?token={recovery_token}&type=recovery",
                          follow_redirects=False)
    assert recovered.status_code == 303
    flow.failed(flow.auth.get("/user", headers={"Authorization": f"Bearer {session['access_token']}x"}), 403)
    flow.failed(flow.auth.put("/user", json={"password": "1"},
                              headers={"Authorization": f"Bearer {rotated.json()['access_token']}"}), 422)
    return rotated.json()["access_token"]


def run_api_flow(flow: Flow, access_token: str) -> None:
    gateway = flow.gateway
    now = int(time.time())
    expired = flow.keep("expired token", hs256(claims("authenticated", sub=str(uuid.uuid4()), exp=now - 600)))
    tampered = flow.keep("tampered token", access_token[:-4] + "AAAA")
    for bad in (expired, tampered):
        flow.failed(httpx.get(f"{gateway.url}/rest/v1/tickets", headers=gateway.headers(bad)), 401)
        flow.failed(httpx.post(f"{gateway.url}/functions/v1/send-contact-email", json={},
                               headers=gateway.headers(bad)), 401)
        flow.failed(httpx.post(f"{gateway.url}/realtime/v1/api/broadcast", json={"messages": []},
                               headers=gateway.headers(bad)), 401)
    flow.failed(httpx.get(f"{gateway.url}/rest/v1/no_such_table", headers=gateway.headers(access_token)), 404)
    flow.failed(httpx.post(f"{gateway.url}/functions/v1/send-contact-email", json={"name": "x"},
                           headers=gateway.headers(access_token)), 400)
    flow.failed(httpx.post(f"{gateway.url}/functions/v1/send-contact-email", content=b"{not json",
                           headers={**gateway.headers(access_token), "Content-Type": "application/json"}), 400)

    async def realtime() -> None:
        try:
            await PhoenixClient.connect(gateway.url, expired)
        except websockets.exceptions.InvalidStatus as refused:
            assert refused.response.status_code == 403
        client = await PhoenixClient.connect(gateway.url, access_token)
        try:
            reply = await client.join("realtime:logs", {}, access_token=expired)
            assert reply["payload"]["status"] == "error"
            flow.error_bodies.append(json.dumps(reply))
        finally:
            await client.close()

    asyncio.run(realtime())


def run_storage_flow(flow: Flow) -> None:
    """A private bucket on S3: an upload, a signed download URL and a signed upload URL, each also with a tampered
    token."""
    gateway = flow.gateway
    with httpx.Client(base_url=f"{gateway.url}/storage/v1", headers=gateway.headers(gateway.service_key),
                      timeout=30) as http:
        assert http.post("/bucket", json={"name": "private-logs", "public": False}).status_code == 200
        assert http.post("/object/private-logs/a.txt", content=b"kept",
                         headers={"Content-Type": "text/plain"}).status_code == 200
        signed = http.post("/object/sign/private-logs/a.txt", json={"expiresIn": 600}).json()["signedURL"]
        download_token = flow.keep("signed download token", signed.split("token=", 1)[1])
        upload_token = flow.keep("signed upload token",
                                 http.post("/object/upload/sign/private-logs/b.txt").json()["token"])
    storage = f"{gateway.url}/storage/v1"
    assert httpx.get(f"{storage}{signed}").content == b"kept"
    flow.failed(httpx.get(f"{storage}/object/sign/private-logs/a.txt?token={download_token[:-4]}AAAA"), 400)
    put = f"{storage}/object/upload/sign/private-logs/b.txt?token="
    assert httpx.put(put + upload_token, content=b"new", headers={"Content-Type": "text/plain"}).status_code == 200
    flow.failed(httpx.put(put + upload_token[:-4] + "AAAA", content=b"x", headers={"Content-Type": "text/plain"}),
                400)


def server_closed_the_last_socket(records: list[logging.LogRecord]) -> bool:
    """The server thread logs the end of a socket ("> EOF") after the client has already seen it closed."""
    messages = [record.getMessage() for record in list(records) if record.name == "uvicorn.error"]
    last_opened = max((i for i, message in enumerate(messages) if message == "connection open"), default=-1)
    return "> EOF" in messages[last_opened + 1:]


def test_no_secret_in_any_log_record_or_error_body(gateway: LiveGateway, db: psycopg.Connection,
                                                   caplog: pytest.LogCaptureFixture):
    flow = Flow(gateway, db)
    with every_log_record(caplog) as records, flow.auth:
        run_api_flow(flow, run_auth_flow(flow))
        eventually(lambda: server_closed_the_last_socket(records), "the server's last lines about the last socket")
    # The test's own websocket client logs what it sends; only the server's records are under test.
    lines = [FORMATTER.format(record) for record in records if not record.name.startswith("websockets.client")]
    # The capture really saw the server's own lines, query strings and all, before asserting on them.
    assert any("WebSocket /realtime/v1/websocket?[query redacted]" in line for line in lines), lines
    assert any("/auth/v1/verify?[query redacted]" in line for line in lines), lines
    assert any("TEXT [" in line and "content redacted]" in line for line in lines), lines
    assert_no_secret(flow, lines)


def assert_no_secret(flow: Flow, lines: list[str]) -> None:
    for name, secret in flow.secrets.items():
        for line in lines:
            assert secret not in line, f"{name} in a log record: {line[:300]}"
            # Loggers that shorten long values keep the end: not even a token's signature may show.
            assert len(secret) < 40 or secret[-16:] not in line, f"the end of {name} in a log record: {line[:300]}"
        for body in flow.error_bodies:
            assert secret not in body, f"{name} in an error body: {body[:300]}"


@pytest.fixture
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    yield from start_seaweedfs(tmp_path_factory.mktemp("seaweedfs"))


@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    server = SmtpServer(free_port()).start()
    yield server
    server.stop()


def test_no_storage_or_mail_secret_in_any_log_record_or_error_body(database_url, tmp_path, db, s3_server,
                                                                   smtp_server, caplog: pytest.LogCaptureFixture):
    smtp_password = f"smtp-{uuid.uuid4().hex}"
    settings = s3_server.settings_for(make_settings(
        database_url, tmp_path, smtp_url=f"smtp://mailer:{smtp_password}@127.0.0.1:{smtp_server.port}"))
    with every_log_record(caplog) as records, run_gateway(settings) as gateway:
        flow = Flow(gateway, db)
        # The access key id is S3's user name, sent in every request's Authorization header, not a secret.
        flow.secrets.update({"S3 secret key": SECRET_KEY, "SMTP password": smtp_password})
        with flow.auth:
            email = f"mail-logs-{uuid.uuid4().hex[:8]}@example.com"
            assert flow.auth.post("/signup", json={"email": email, "password": "correct horse"}).status_code == 200
            eventually(lambda: smtp_server.received_by(email), "the confirmation mail over SMTP")
            flow.mail_secrets(email, "auth.signup")
        run_storage_flow(flow)
    lines = [FORMATTER.format(record) for record in records if not record.name.startswith("websockets.client")]
    # The capture saw the login, the S3 requests and the signed URLs before asserting on them.
    assert smtp_server.logins == [("mailer", smtp_password)]
    assert any(record.name.startswith("botocore") for record in records), lines
    assert any("/object/sign/private-logs/a.txt?[query redacted]" in line for line in lines), lines
    assert_no_secret(flow, lines)


def test_no_secret_in_the_repr_of_settings_keys_and_storage_settings(tmp_path):
    secrets = {"JWT_SECRET": f"jwt-{uuid.uuid4().hex}-{uuid.uuid4().hex}", "db": "db-password-1",
               "authenticator": "authenticator-password-1", "auth admin": "auth-admin-password-1",
               "SMTP": "smtp-password-1", "S3 key id": "AKIAEXAMPLEKEYID0001", "S3 secret": "s3-secret-key-0001",
               "hook": "v1,whsec_c2VjcmV0LXNpZ25pbmcta2V5LTAwMDE="}
    settings = Settings.from_env({
        "DATA_DIR": str(tmp_path), "JWT_SECRET": secrets["JWT_SECRET"],
        "DATABASE_URL": f"postgresql://owner:{secrets['db']}@db.example/app",
        "DB_AUTHENTICATOR_URL": f"postgresql://authenticator:{secrets['authenticator']}@db.example/app",
        "DB_AUTH_ADMIN_URL": f"postgresql://supabase_auth_admin:{secrets['auth admin']}@db.example/app",
        "SMTP_URL": f"smtp://mailer:{secrets['SMTP']}@mail.example:587",
        "STORAGE_BACKEND": "s3", "STORAGE_S3_BUCKET": "files", "STORAGE_S3_ACCESS_KEY_ID": secrets["S3 key id"],
        "STORAGE_S3_SECRET_ACCESS_KEY": secrets["S3 secret"],
        "HOOK_CUSTOM_ACCESS_TOKEN_ENABLED": "true", "HOOK_CUSTOM_ACCESS_TOKEN_URI": "https://hooks.example/claims",
        "HOOK_CUSTOM_ACCESS_TOKEN_SECRETS": secrets["hook"]}, env_file=tmp_path / "none.env")
    keys = JwtKeys(settings.jwt_secret)
    s3 = S3Settings("https://s3.example", "files", "us-east-1", secrets["S3 key id"], secrets["S3 secret"], False)
    shown = {"settings": repr(settings), "keys": repr(keys), "S3 settings": repr(s3)}
    # What the reprs still say, so that they are worth printing.
    assert "api_port=54321" in shown["settings"] and "bucket='files'" in shown["S3 settings"]
    for where, text in shown.items():
        for name, secret in {**secrets, "demo password": "Admin#Demo2025"}.items():
            assert secret not in text, f"the {name} secret in the repr of {where}"
