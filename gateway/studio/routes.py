"""The studio at `/_/`: its pages (pages.py) and its admin API (admin_api.py), both behind the door in door.py.

The app does its work through the gateway's own APIs with the service-role key (REST, the auth admin API,
storage); the admin API adds only what those do not offer.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from gateway.services import services
from gateway.studio import admin_api, pages
from gateway.studio.access import StudioAccess
from gateway.studio.recent_records import RecentRecords
from gateway.studio.recent_requests import RecentRequests

PREFIX = "/_"

router = APIRouter()
router.include_router(admin_api.router)
router.include_router(pages.router)  # last: its catch-all serves the app's files


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings
    app.state.studio = StudioAccess.of_process(settings)
    # Without the request log there are no request ids to list the gateway's records under.
    data_dir = settings.data_dir
    app.state.studio_requests = RecentRequests(data_dir).attach() if settings.request_log else None
    app.state.studio_records = (RecentRecords("gateway", data_dir, "records", leave_out=("gateway.requests",)).attach()
                                if settings.request_log else None)
    app.state.studio_function_lines = (RecentRecords("functions", data_dir, "functions").attach()
                                       if app.state.studio.enabled else None)


async def on_shutdown(app: FastAPI) -> None:
    for kept in (app.state.studio_requests, app.state.studio_records, app.state.studio_function_lines):
        if kept is not None:
            kept.detach()
