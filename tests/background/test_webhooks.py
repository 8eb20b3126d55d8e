"""Database webhooks and cron jobs reaching a project's edge function: insert → trigger
(supabase_functions.http_request) → pg_net → the gateway → a real Deno function, and cron → net.http_post → the same
function, at the URLs the CLI's local stack gives it."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict

from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway
from tests.support.pg import PgCluster, with_database
from tests.support.waits import eventually

PROJECT = Path(__file__).resolve().parent / "webhook_project"


@pytest.fixture(scope="module")
def served(database_url: str, pg_cluster: PgCluster, tmp_path_factory) -> Iterator[LiveGateway]:
    root = tmp_path_factory.mktemp("webhook-project")
    shutil.copytree(PROJECT, root, dirs_exist_ok=True)
    project = Project.load(root)
    assert pg_cluster.tcp_url, "edge functions need the database on TCP"
    tcp_url = with_database(pg_cluster.tcp_url, conninfo_to_dict(database_url)["dbname"])
    settings = make_settings(database_url, tmp_path_factory.mktemp("webhook-data"), project=project,
                             functions_dir=project.functions_dir, tcp_database_url=tcp_url)
    with run_gateway(settings) as live:
        # Deno starts the function's worker on its first call; the webhook's 1000 ms are for the call itself.
        assert httpx.post(f"{live.url}/functions/v1/hook", json={}, headers=live.headers(), timeout=60).status_code == 200
        yield live


@pytest.fixture(scope="module")
def orders(db: psycopg.Connection, served: LiveGateway) -> psycopg.Connection:
    db.execute("create extension if not exists pg_net with schema extensions")
    db.execute("create table public.orders (id int primary key, item text)")
    return db


def hook_trigger(db: psycopg.Connection, name: str, url: str, anon_key: str) -> None:
    headers = json.dumps({"Content-type": "application/json", "Authorization": f"Bearer {anon_key}"})
    db.execute(f"create trigger {name} after insert on public.orders for each row execute function"
               f" supabase_functions.http_request('{url}', 'POST', '{headers}', '{{}}', '1000')")


def answer_to(db: psycopg.Connection, request_id: int) -> dict:
    row = eventually(lambda: db.execute("select status_code, content, error_msg from net._http_response"
                                        " where id = %s", (request_id,)).fetchone(), "the function's answer")
    assert row[2] is None, row[2]
    assert row[0] == 200
    return json.loads(row[1])


@pytest.mark.parametrize("base", ["api", "http://kong:8000", "http://host.docker.internal:{port}"])
def test_an_insert_reaches_the_function(served: LiveGateway, orders: psycopg.Connection, base: str) -> None:
    order_id = {"api": 1, "http://kong:8000": 2}.get(base, 3)
    url = (served.url if base == "api" else base.format(port=served.settings.api_port)) + "/functions/v1/hook"
    hook_trigger(orders, "orders_webhook", url, served.anon_key)
    try:
        orders.execute("insert into public.orders values (%s, 'tea')", (order_id,))
        hook = orders.execute("select hook_table_id = 'public.orders'::regclass::oid, hook_name, request_id"
                              " from supabase_functions.hooks order by id desc limit 1").fetchone()
        assert hook[:2] == (True, "orders_webhook")
        assert answer_to(orders, hook[2]) == {
            "method": "POST", "path": "/hook",
            "received": {"type": "INSERT", "table": "orders", "schema": "public",
                         "record": {"id": order_id, "item": "tea"}, "old_record": None}}
    finally:
        orders.execute("drop trigger orders_webhook on public.orders")


def test_a_cron_job_calls_the_function_every_two_seconds(served: LiveGateway, orders: psycopg.Connection) -> None:
    orders.execute("create extension if not exists pg_cron with schema pg_catalog")
    headers = json.dumps({"Authorization": f"Bearer {served.anon_key}"})
    command = ("select net.http_post(url := 'http://kong:8000/functions/v1/hook', body := '{\"from\": \"cron\"}',"
               f" headers := '{headers}'::jsonb)")
    job_id = orders.execute("select cron.schedule('call-hook', '2 seconds', %s)", (command,)).fetchone()[0]
    try:
        runs = eventually(lambda: (found := orders.execute(
            "select status, return_message from cron.job_run_details where jobid = %s and end_time is not null",
            (job_id,)).fetchall()) and len(found) >= 2 and found, "two runs of the job", timeout=30)
        assert set(runs) == {("succeeded", "1 row")}
        answers = eventually(lambda: (found := orders.execute(
            "select content from net._http_response where content like '%%cron%%'").fetchall()) and len(found) >= 2
            and found, "two answers from the function")
        assert {json.loads(content)["received"]["from"] for (content,) in answers} == {"cron"}
    finally:
        orders.execute("select cron.unschedule(%s)", (job_id,))
