"""The site's people and rows (tests/policies/cases/people.toml), kept in a module's database for tests that call
the gateway over HTTP: the product's own policy test setup, committed instead of rolled back."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest

from gateway.jwt_keys import JwtKeys
from gateway.policy_tests import spec
from gateway.policy_tests.world import Identity, build
from gateway.settings import PROJECT_ROOT
from tests.conftest import TEST_JWT_SECRET, make_settings

PEOPLE = PROJECT_ROOT / "tests" / "policies" / "cases" / "people.toml"


@dataclass
class People:
    ids: dict[str, Any]
    identities: dict[str, Identity]

    def access_token(self, name: str) -> str:
        return self.identities[name].headers["authorization"].removeprefix("Bearer ")


def make_people(url: str, keys: JwtKeys) -> People:
    async def made() -> People:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            async with conn.transaction():
                names, identities = await build(conn, spec.load(PEOPLE), keys, "http://127.0.0.1/auth/v1", 3600)
        return People(names.values, identities)
    return asyncio.run(made())


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    """As deployed behind an edge proxy that sets X-Forwarded-For, so supabase-js calls act as distinct visitors."""
    return make_settings(database_url, tmp_path_factory.mktemp("data"), trusted_proxy_header="x-forwarded-for")


@pytest.fixture(scope="module")
def people(database_url) -> People:
    return make_people(database_url, JwtKeys(TEST_JWT_SECRET))
