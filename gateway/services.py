"""The gateway's shared parts, listed and typed in one place instead of an untyped `app.state`.

`create_app` makes the object with the settings and keys, and its start-up adds, in this order: the pools, the
mailer and the one listener; then each service in `app.SERVICES` order adds its own parts (REST's schema cache
first: realtime reads tables from it). A part is an attribute from its start-up on; reading it earlier is an
AttributeError, not a None to check.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.requests import HTTPConnection

if TYPE_CHECKING:
    from gateway.auth.ratelimit import RateLimiter
    from gateway.background import BackgroundWork
    from gateway.database.health import ResilientPool
    from gateway.database.notifications import NotificationListener
    from gateway.functions.service import FunctionsService
    from gateway.jwt_keys import JwtKeys
    from gateway.mail.mailer import Mailer
    from gateway.realtime.service import RealtimeService
    from gateway.rest.cache_state import LiveSchemaCache
    from gateway.rest.plan_cache import PlanCache
    from gateway.settings import Settings
    from gateway.storage.access import Access
    from gateway.storage.images import Renderer


@dataclass
class Services:
    settings: Settings
    keys: JwtKeys
    # The platform's, at start-up.
    pool: ResilientPool = field(init=False)  # the owner: the gateway's own services
    request_pool: ResilientPool = field(init=False)  # the authenticator: callers' requests
    auth_pool: ResilientPool = field(init=False)  # the auth service's role
    mailer: Mailer = field(init=False)
    listener: NotificationListener = field(init=False)
    background: BackgroundWork = field(init=False)  # pg_net's and pg_cron's runners
    # Each service's, at its start-up.
    rest_cache: LiveSchemaCache = field(init=False)
    rest_plans: PlanCache = field(init=False)
    auth_limiter: RateLimiter = field(init=False)
    functions: FunctionsService = field(init=False)
    realtime: RealtimeService = field(init=False)
    storage: Access = field(init=False)
    image_renderer: Renderer = field(init=False)
    storage_sweep_task: asyncio.Task[None] = field(init=False)


def services(holder: HTTPConnection | Starlette) -> Services:
    """The services of the app serving a request (or of the app itself)."""
    app = holder.app if isinstance(holder, HTTPConnection) else holder
    return app.state.services
