"""The dashboard's locally saved ticket set (spec 1 §3 local storage, spec 2 logout; issue 37, item 4): an instant
first paint on the next visit, then the server's list; never another user's; gone after logout."""

from __future__ import annotations

import json

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_ticketing import POWER, READER, sign_in, ticket_rows, wait_for_tickets

CACHE_KEY = "dashboard-tickets"


class HeldTicketLoads:
    """Keeps the tickets requests waiting until `release`, so a test sees what the list paints before they answer."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.waiting: list[Route] | None = []
        page.route("**/rest/v1/tickets?**", self.hold)

    def hold(self, route: Route) -> None:
        if self.waiting is None:
            route.continue_()
        else:
            self.waiting.append(route)

    def release(self) -> None:
        waiting, self.waiting = self.waiting or [], None
        for route in waiting:
            route.continue_()


def cached(page: Page) -> dict | None:
    stored = page.evaluate(f"localStorage.getItem('{CACHE_KEY}')")
    return json.loads(stored) if stored else None


def test_saved_tickets_paint_first_then_the_server_list_replaces_them(browser, site, db):
    page, errors = open_page(browser, site)
    sign_in(page, POWER)
    wait_for_tickets(page)
    saved = cached(page)
    assert saved is not None and saved["userId"] and len(saved["tickets"]) == ticket_rows(page).count()
    newest = saved["tickets"][0]

    held = HeldTicketLoads(page)
    page.reload()
    first = page.locator(f"tr[data-ticket-id='{newest['id']}']")
    expect(first).to_contain_text(newest["title"])  # painted from the saved set while the server is still asked
    expect(page.get_by_text("Loading tickets...")).to_have_count(0)
    # Renamed only now: done before the reload, the old page's realtime feed could write the new title into the
    # saved set first.
    db.execute("update public.tickets set title = 'Renamed on the server' where id = %s", (newest["id"],))
    held.release()
    expect(first).to_contain_text("Renamed on the server")
    assert cached(page)["tickets"][0]["title"] == "Renamed on the server"

    page.get_by_role("button", name="Logout").click()
    page.wait_for_url("**/login**")
    assert cached(page) is None
    assert errors == []
    page.context.close()


def test_another_users_saved_tickets_are_never_shown(browser, site):
    page, _ = open_page(browser, site)
    foreign = {"userId": "00000000-0000-0000-0000-000000000000",
               "tickets": [{"id": "foreign-1", "title": "Someone else's confidential ticket", "tags": []}]}
    page.goto("/login?platform=ticketing")
    page.evaluate(f"localStorage.setItem('{CACHE_KEY}', {json.dumps(json.dumps(foreign))})")
    held = HeldTicketLoads(page)
    sign_in(page, READER)
    expect(page.get_by_text("Loading tickets...")).to_be_visible()
    expect(page.get_by_text("Someone else's confidential ticket")).to_have_count(0)
    held.release()
    wait_for_tickets(page)
    expect(page.get_by_text("Someone else's confidential ticket")).to_have_count(0)
    assert cached(page)["userId"] != foreign["userId"]
    page.context.close()
