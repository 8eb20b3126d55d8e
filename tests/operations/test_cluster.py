"""compose.yaml's production shape, run without Docker (tests/operations/cluster.py) and driven through nginx only:
the site, REST, auth with sessions that hold on both replicas, both Python functions in their own processes, a Deno
function answered by both replicas from workers of their own, realtime across replicas with supabase-js, nginx's own
refusals in the gateway's JSON, and a stop that leaves nothing (no Deno worker either)."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from gateway.server.request_limits import TOO_LARGE_BODY
from gateway.settings import Settings
from supabase import create_client
from tests.auth.test_mail_delivery import link_in
from tests.operations import cluster as cluster_shape
from tests.operations.compose import load
from tests.support.node import run_node_script
from tests.support.waits import eventually

pytestmark = [
    pytest.mark.skipif(not (shutil.which("nginx") or os.path.exists(cluster_shape.NGINX))
                       or not (cluster_shape.PG_BIN / "initdb").exists(),
                       reason="needs Debian's nginx and PostgreSQL 15 (scripts/setup --tests)"),
    # The cluster always runs a fresh PostgreSQL 15 of its own and never the suite's database, so the suite's
    # second pass (TEST_DATABASE_URL, scripts/test) would only repeat the first one exactly.
    pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                       reason="runs its own PostgreSQL; covered by the suite's first pass"),
    pytest.mark.slow,  # nginx, a PostgreSQL and two gateways in processes of their own
]

HERE = Path(__file__).resolve().parent
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def cluster():
    running = cluster_shape.start(log=lambda line: print(line, file=sys.stderr))
    yield running
    running.stop()


def api(cluster, token: str | None = None) -> httpx.Client:
    key = cluster.keys.anon_key
    return httpx.Client(base_url=cluster.url, timeout=30,
                        headers={"apikey": key, "Authorization": f"Bearer {token or key}"})


def service(cluster) -> httpx.Client:
    return api(cluster, cluster.keys.service_role_key)


def replica(cluster, response: httpx.Response) -> str | None:
    return cluster.upstreams.get(response.headers.get(cluster_shape.UPSTREAM_HEADER, ""))


def create_user(cluster, role: str | None = None) -> tuple[str, str]:
    email = f"ops-{uuid.uuid4().hex[:10]}@example.com"
    with service(cluster) as admin:
        created = admin.post("/auth/v1/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True})
        assert created.status_code == 200, created.text
        if role:
            granted = admin.post("/rest/v1/user_roles", json={"user_id": created.json()["id"], "role": role})
            assert granted.status_code == 201, granted.text
    return email, created.json()["id"]


def create_company(cluster) -> str:
    with service(cluster) as admin:
        response = admin.post("/rest/v1/companies", json={"name": f"Ops {uuid.uuid4().hex[:8]}"},
                              headers={"Prefer": "return=representation"})
    assert response.status_code == 201, response.text
    return response.json()[0]["id"]


def nginx_body_limit(config: str) -> int:
    value = re.search(r"^\s*client_max_body_size\s+(\d+)([km]?);", config, re.MULTILINE)
    number, unit = value.groups()
    return int(number) * {"": 1, "k": 1024, "m": 1024 * 1024}[unit]


def test_nginx_refuses_bodies_at_the_gateways_own_limit():
    compose = load({"POSTGRES_PASSWORD": "p", "AUTHENTICATOR_PASSWORD": "a", "AUTH_ADMIN_PASSWORD": "b",
                    "JWT_SECRET": "x" * 40, "STORAGE_S3_ACCESS_KEY_ID": "k", "STORAGE_S3_SECRET_ACCESS_KEY": "s"})
    settings = Settings.from_env(environ=compose.service("gateway-1").environment)
    assert nginx_body_limit(compose.configs["nginx"]) == settings.max_body_bytes


def test_the_site_and_rest_reads_and_writes_go_through_nginx_to_both_replicas(cluster):
    with httpx.Client(base_url=cluster.url, timeout=30) as browser:
        page = browser.get("/")
        assert page.status_code == 200
        assert "<title>GulfSec Distribution" in page.text
        script = re.search(r'src="(/assets/[^"]+\.js)"', page.text).group(1)
        assert browser.get(script).status_code == 200
    company = create_company(cluster)
    served_by = set()
    with service(cluster) as admin, api(cluster) as anon:
        for _ in range(4):
            read = admin.get("/rest/v1/companies", params={"id": f"eq.{company}", "select": "id,status"})
            assert read.json() == [{"id": company, "status": "active"}]
            served_by.add(replica(cluster, read))
        assert anon.get("/rest/v1/companies", params={"id": f"eq.{company}"}).json() == []  # RLS, as ever
    assert served_by == {"gateway-1", "gateway-2"}


def test_a_file_stored_through_one_replica_is_served_by_both(cluster):
    """compose's replicas keep Storage's bytes in one S3 bucket: what one stored, the other serves."""
    bucket, body = f"ops-{uuid.uuid4().hex[:8]}", os.urandom(300_000)
    with service(cluster) as admin:
        created = admin.post("/storage/v1/bucket", json={"id": bucket, "name": bucket, "public": False})
        assert created.status_code == 200, created.text
        stored = admin.post(f"/storage/v1/object/{bucket}/reports/q3.bin", content=body,
                            headers={"content-type": "application/octet-stream"})
        assert stored.status_code == 200, stored.text
    served = {}
    for name, url in cluster.gateway_urls.items():
        key = cluster.keys.service_role_key
        response = httpx.get(f"{url}/storage/v1/object/{bucket}/reports/q3.bin", timeout=30,
                             headers={"apikey": key, "Authorization": f"Bearer {key}"})
        served[name] = (response.status_code, response.content == body)
    assert served == {name: (200, True) for name in cluster.gateway_urls}


def test_a_session_from_sign_up_and_sign_in_holds_on_both_replicas(cluster):
    email = f"signup-{uuid.uuid4().hex[:10]}@example.com"
    supabase = create_client(cluster.url, cluster.keys.anon_key)
    supabase.auth.sign_up({"email": email, "password": PASSWORD})
    [mail] = eventually(lambda: cluster.mail.received_by(email), "the confirmation mail", timeout=10)  # sent after commit
    link = link_in(mail)
    assert link.startswith(f"{cluster.url}/auth/v1/verify"), link  # API_EXTERNAL_URL is nginx's address
    confirmed = httpx.get(link, follow_redirects=False, timeout=30)
    assert confirmed.status_code == 303, confirmed.text
    assert confirmed.headers["location"].startswith(cluster.url) and "error" not in confirmed.headers["location"]

    session = supabase.auth.sign_in_with_password({"email": email, "password": PASSWORD}).session
    served_by = set()
    with api(cluster, session.access_token) as user:
        for _ in range(4):
            me = user.get("/auth/v1/user")
            assert me.status_code == 200 and me.json()["email"] == email
            served_by.add(replica(cluster, me))
    assert served_by == {"gateway-1", "gateway-2"}


def test_both_functions_answer_from_their_own_processes(cluster):
    sender = f"visitor-{uuid.uuid4().hex[:8]}@example.com"
    with api(cluster) as anon:
        contact = anon.post("/functions/v1/send-contact-email", json={
            "name": "Ops Visitor", "email": sender, "message": "Through nginx and the relay."})
        assert contact.status_code == 200, contact.text
        event = anon.post("/functions/v1/send-event-confirmation", json={"email": sender})
        assert event.status_code == 200, event.text
    eventually(lambda: cluster.mail.received_by(sender), "the sender's acknowledgement", timeout=10)


def test_both_replicas_answer_a_deno_function_from_workers_of_their_own(cluster):
    email, _ = create_user(cluster)
    session = create_client(cluster.url, cluster.keys.anon_key).auth.sign_in_with_password(
        {"email": email, "password": PASSWORD}).session
    workers: dict[str | None, set[int]] = {}
    with api(cluster, session.access_token) as user:
        for _ in range(6):
            answer = user.post("/functions/v1/whoami", json={})
            assert answer.status_code == 200 and answer.json()["email"] == email, answer.text
            workers.setdefault(replica(cluster, answer), set()).add(answer.json()["pid"])
        assert user.post("/functions/v1/whoami", json={}, headers={"Authorization": ""}).json() == {
            "msg": "Error: Missing authorization header"}
    assert set(workers) == {"gateway-1", "gateway-2"}
    assert not workers["gateway-1"] & workers["gateway-2"], "each replica runs the function in its own workers"


def test_a_change_through_one_replica_reaches_a_subscriber_on_the_other(cluster):
    email, _ = create_user(cluster, role="power-user")
    run_node_script(str(HERE / "realtime_across_replicas.mjs"), {
        "CLUSTER_URL": cluster.url, "ANON_KEY": cluster.keys.anon_key, "EMAIL": email, "PASSWORD": PASSWORD,
        "COMPANY_ID": create_company(cluster),
    })


def test_nginx_answers_a_body_over_the_limit_itself_in_the_gateways_words(cluster):
    limit = nginx_body_limit(cluster.compose.configs["nginx"])
    with service(cluster) as admin:
        refused = admin.post("/rest/v1/companies", content=b" " * (limit + 1),
                             headers={"Content-Type": "application/json"})
        assert refused.status_code == 413
        assert refused.headers["content-type"] == "application/json"
        assert refused.json() == json.loads(TOO_LARGE_BODY)
        assert cluster_shape.UPSTREAM_HEADER not in refused.headers, "a replica answered, not nginx"
        at_limit = admin.post("/rest/v1/companies", content=b" " * limit, headers={"Content-Type": "application/json"})
        assert at_limit.status_code != 413 and replica(cluster, at_limit), at_limit.text


def test_outages_answer_json_and_the_cluster_stops_leaving_nothing(cluster):
    with api(cluster) as anon:
        cluster.stop_processes("fn-send-event-confirmation")
        relayed = anon.post("/functions/v1/send-event-confirmation", json={"email": "x@example.com"})
        assert relayed.status_code == 502 and relayed.headers.get("x-relay-error") == "true"  # the replica's own
        cluster.stop_processes(*cluster_shape.GATEWAYS)
        unreachable = anon.get("/rest/v1/companies")
        assert unreachable.status_code == 502
        assert unreachable.json() == {"message": "An invalid response was received from the upstream server"}
    assert cluster.stop() == []
