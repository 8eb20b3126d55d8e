"""The handler's context: the gateway's pool and mailer behind the small interfaces of `functions._runtime`."""

from __future__ import annotations

import logging
from contextlib import AbstractAsyncContextManager
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import request_tx
from gateway.functions.api import FunctionContext, MailDeliveryError
from gateway.functions.registry import LoadedFunction
from gateway.mail.mailer import Mail, Mailer, MailError
from gateway.settings import Settings

SERVICE_CLAIMS = {"role": "service_role"}


class ServiceRoleDatabase:
    """Each transaction runs as `service_role`, opened exactly like a REST request of the service key."""

    def __init__(self, pool: AsyncConnectionPool, slug: str):
        self._pool = pool
        self._path = f"/functions/v1/{slug}"

    def transaction(self) -> AbstractAsyncContextManager[psycopg.AsyncConnection]:
        return request_tx(self._pool, role="service_role", claims=SERVICE_CLAIMS, method="POST", path=self._path)


class FunctionMailer:
    def __init__(self, mailer: Mailer, slug: str):
        self._mailer = mailer
        self._slug = slug

    async def send(self, to: str, subject: str, text: str, html: str | None = None, *, kind: str = "function") -> str:
        try:
            return await self._mailer.send(Mail(to=to, subject=subject, text=text, html=html, kind=kind))
        except MailError as exc:
            raise MailDeliveryError(str(exc)) from exc


def project_values(settings: Settings) -> dict[str, Any]:
    """The project settings a handler may read; secrets are deliberately not among them."""
    return {
        "mail_from": settings.mail_from,
        "site_url": settings.site_url,
        "project_ref": settings.project_ref,
    }


def build_context(function: LoadedFunction, *, pool: AsyncConnectionPool, mailer: Mailer,
                  settings: Settings) -> FunctionContext:
    return FunctionContext(
        slug=function.slug,
        db=ServiceRoleDatabase(pool, function.slug),
        mailer=FunctionMailer(mailer, function.slug),
        settings={**project_values(settings), **function.config.settings},
        log=logging.getLogger(f"functions.{function.slug}"),
    )
