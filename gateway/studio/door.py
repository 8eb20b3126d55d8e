"""The one door of the studio's pages and admin API (the rules are access.py's): who is let in, and what the others
get instead: a 404 when the studio is off, the sign-in page for a page, a JSON refusal for the admin API."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from gateway.services import services
from gateway.studio.access import StudioAccess

SIGN_IN_PAGE = Path(__file__).parent / "sign_in.html"
NOT_SIGNED_IN = "Sign in to the studio with the service-role key or the studio's admin password."
WRONG_ROLE = "The studio's admin API takes only the service-role key; this token is for another role."

Handler = Callable[[Request], Awaitable[Response]]


def studio_access(request: Request) -> StudioAccess:
    return request.app.state.studio


def let_in(request: Request) -> bool:
    return studio_access(request).lets_in(request, services(request).keys)


def refusal(request: Request, *, api: bool) -> Response:
    if not studio_access(request).enabled:
        # What the gateway answers for a path no service is mounted at.
        return JSONResponse({"message": "no Route matched with those values"}, status_code=404)
    if api:
        has_token = "authorization" in request.headers
        return JSONResponse({"message": WRONG_ROLE if has_token else NOT_SIGNED_IN},
                            status_code=403 if has_token else 401)
    return sign_in_page(None, 401)


def bad_request(message: str) -> JSONResponse:
    """The admin API's refusal of what it was sent."""
    return JSONResponse({"message": message}, status_code=400)


def sign_in_page(error: str | None, status: int) -> HTMLResponse:
    alert = f'<p role="alert">{error}</p>' if error else ""
    return HTMLResponse(SIGN_IN_PAGE.read_text().replace("<!--error-->", alert), status_code=status,
                        headers={"Cache-Control": "no-store"})


def admin_only(handler: Handler) -> Handler:
    """An admin API route: answered only to a caller let in, else refused in the admin API's words."""
    async def guarded(request: Request) -> Response:
        if not let_in(request):
            return refusal(request, api=True)
        return await handler(request)
    return guarded
