"""Guarded pages whose data call fails (answered 500 by request routing; the gateway stays real) settle on one
screen instead of bouncing between the page and /login (spec 1 section 8; issue 20 item 1)."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_partners_and_event import ADMIN, PARTNER, sign_in_partner_area, toast
from tests.e2e.test_ticketing import POWER, sign_in

# Proving that a page does not bounce takes watching it for a while: this wait is real time on purpose.
SETTLE_MS = 3000


def fail(route: Route) -> None:
    route.fulfill(status=500, content_type="application/json",
                  body='{"code":"XX000","message":"Internal Server Error","details":null,"hint":null}')


class Traffic:
    """The page's navigations and its calls to one path, counted while the page is meant to settle."""

    def __init__(self, page: Page, call: str):
        self.navigations: list[str] = []
        self.calls = 0
        page.on("framenavigated", lambda frame: frame == page.main_frame and self.navigations.append(frame.url))
        page.on("request", lambda request: call in request.url and self._count())

    def _count(self) -> None:
        self.calls += 1


def settle(page: Page, traffic: Traffic) -> tuple[int, int]:
    navigations, calls = len(traffic.navigations), traffic.calls
    page.wait_for_timeout(SETTLE_MS)  # unlike time.sleep, this lets Playwright deliver the page's events meanwhile
    return len(traffic.navigations) - navigations, traffic.calls - calls


def test_portal_load_failure_lands_on_login_and_stays(browser, site):
    page, _ = open_page(browser, site)
    sign_in_partner_area(page, PARTNER, "/partner-portal")
    expect(page.get_by_text("Partner Portal", exact=True)).to_be_visible()

    rpc = "**/rest/v1/rpc/get_partner_with_access_control*"
    page.route(rpc, fail)
    traffic = Traffic(page, "/rpc/get_partner_with_access_control")
    page.goto("/partner-portal")
    expect(toast(page, "Error loading partner data")).to_be_visible()
    page.wait_for_url("**/login?platform=partner")
    expect(page.get_by_role("button", name="Sign In", exact=True)).to_be_visible()

    assert settle(page, traffic) == (0, 0)
    assert traffic.calls == 1
    assert page.url.endswith("/login?platform=partner")

    # Signing in again retries the portal, which loads once the server answers.
    page.unroute(rpc)
    page.get_by_label("Email").fill(PARTNER[0])
    page.get_by_label("Password").fill(PARTNER[1])
    page.get_by_role("button", name="Sign In", exact=True).click()
    page.wait_for_url("**/partner-portal")
    expect(page.get_by_test_id("partner-status")).to_be_visible()
    page.context.close()


def test_profile_page_load_failure_stays_on_the_page(browser, site):
    page, _ = open_page(browser, site)
    sign_in_partner_area(page, PARTNER, "/partner-profile")
    page.route("**/rest/v1/rpc/get_partner_with_access_control*", fail)
    traffic = Traffic(page, "/rpc/get_partner_with_access_control")
    page.goto("/partner-profile")
    expect(toast(page, "Failed to load partner profile")).to_be_visible()
    expect(page.get_by_role("heading", name="Partner Profile Unavailable")).to_be_visible()
    assert settle(page, traffic) == (0, 0)
    assert page.url.endswith("/partner-profile")
    page.context.close()


def test_event_registrations_load_failure_stays_on_the_page(browser, site):
    page, _ = open_page(browser, site)
    sign_in_partner_area(page, ADMIN, "/event-registrations")
    # The signed-in page's own load may still be on its way: only what follows the failure shown is counted.
    page.route("**/rest/v1/event_registrations*", fail)
    page.goto("/event-registrations")
    expect(page.get_by_role("heading", name="Event Registrations")).to_be_visible()
    expect(page.get_by_role("alert").filter(has_text="Internal Server Error")).to_be_visible()
    traffic = Traffic(page, "/rest/v1/event_registrations")
    assert settle(page, traffic) == (0, 0)
    assert page.url.endswith("/event-registrations")
    page.context.close()


def test_dashboard_load_failure_stays_on_the_page(browser, site):
    page, _ = open_page(browser, site)
    sign_in(page, POWER)
    page.route("**/rest/v1/tickets*", fail)
    traffic = Traffic(page, "/rest/v1/tickets")
    page.goto("/dashboard")
    expect(toast(page, "Failed to load tickets")).to_be_visible()
    assert settle(page, traffic) == (0, 0)
    assert page.url.endswith("/dashboard")
    page.context.close()
