"""Every gateway serves every Deno function with workers of its own (nothing shared in memory), and supabase-py
invokes them as supabase-js does."""

from __future__ import annotations

import json

import httpx
import pytest
from supabase_functions.errors import FunctionsHttpError

from supabase import ClientOptions, create_client
from tests.functions.deno.conftest import deno_settings
from tests.support.live import LiveGateway, run_gateway

pytestmark = pytest.mark.filterwarnings("ignore:The 'timeout' parameter is deprecated:DeprecationWarning")


def test_two_replicas_on_one_database_both_answer_with_workers_of_their_own(
        deno_gateway: LiveGateway, database_url, pg_cluster, deno_data_dir, deno_project):
    with run_gateway(deno_settings(database_url, pg_cluster, deno_data_dir, deno_project)) as replica:
        pids = {httpx.get(f"{gateway.url}/functions/v1/faults", timeout=60).json()["pid"]
                for gateway in (deno_gateway, replica)}
    assert len(pids) == 2


def test_supabase_py_invokes_a_deno_function(deno_gateway: LiveGateway):
    with httpx.Client(timeout=60) as http:
        client = create_client(deno_gateway.url, deno_gateway.anon_key, ClientOptions(httpx_client=http))
        answer = json.loads(client.functions.invoke("echo", invoke_options={"body": {"from": "python"}}))
        assert answer["pathname"] == "/echo" and json.loads(answer["body"]) == {"from": "python"}
        with pytest.raises(FunctionsHttpError) as refused:
            client.functions.invoke("broken", invoke_options={"body": {}})
    assert refused.value.status == 503
