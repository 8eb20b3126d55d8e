"""A real OpenID provider (panva's oidc-provider, tests/node/oidc-provider.mjs) on loopback, and a gateway that
signs users in with it as `[auth.external.keycloak]`, a self-hosted provider known by its issuer URL."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest

from gateway.project.auth_providers import ProviderConfig
from gateway.project.folder import Project
from gateway.settings import Settings
from tests.conftest import make_settings
from tests.support.live import LiveGateway, free_port, run_gateway
from tests.support.node import NODE_DIR

CLIENT_ID = "gateway-test-client"
CLIENT_SECRET = "a-client-secret-of-the-test-provider"
PROVIDER = "keycloak"
# A page of the site's origin that the tests serve themselves: where sign-ins come back to.
RETURN_PATH = "/signed-in"
# Supabase's documented allow-list entry for Vercel preview deployments.
PREVIEW_PATTERN = "https://*-myteam.vercel.app/**"


@dataclass(frozen=True)
class IdentityProvider:
    issuer: str
    client_id: str = CLIENT_ID
    client_secret: str = CLIENT_SECRET


@pytest.fixture(scope="module")
def gateway_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def identity_provider(gateway_port: int) -> Iterator[IdentityProvider]:
    port = free_port()
    site = f"http://127.0.0.1:{gateway_port}"
    process = subprocess.Popen(
        ["node", str(NODE_DIR / "oidc-provider.mjs")], cwd=NODE_DIR, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, env={"PATH": "/usr/bin:/bin:/usr/local/bin", "PROVIDER_PORT": str(port), "CLIENT_ID": CLIENT_ID,
                        "CLIENT_SECRET": CLIENT_SECRET,
                        "REDIRECT_URIS": f"{site}/auth/v1/callback,{site}{RETURN_PATH}"})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the first line, or "" when the script failed
        assert line.startswith("ready "), f"the OpenID provider did not start (exit code {process.poll()})"
        yield IdentityProvider(issuer=line.split()[1])
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def provider_settings(identity_provider: IdentityProvider, **overrides) -> dict[str, ProviderConfig]:
    config = ProviderConfig(name=PROVIDER, client_ids=(identity_provider.client_id,),
                            secret=identity_provider.client_secret, redirect_uri="", url=identity_provider.issuer)
    return {PROVIDER: replace(config, **overrides)}


@pytest.fixture(scope="module")
def gateway_settings(database_url, tmp_path_factory, gateway_port, identity_provider) -> Settings:
    # A project without a site: the page a sign-in comes back to is the tests' own, whose supabase-js reads it.
    project = Project.load(tmp_path_factory.mktemp("project"))
    settings = make_settings(database_url, tmp_path_factory.mktemp("oauth"), project=project, web_dist=None,
                             manual_linking_enabled=True, external_providers=provider_settings(identity_provider),
                             additional_redirect_urls=(PREVIEW_PATTERN,))
    url = f"http://127.0.0.1:{gateway_port}"
    return replace(settings, api_port=gateway_port, api_external_url=url, site_url=url)


@pytest.fixture(scope="module")
def gateway(gateway_settings) -> Iterator[LiveGateway]:
    with run_gateway(gateway_settings) as live:
        yield live
