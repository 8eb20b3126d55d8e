"""axe-core over every route of the site, in both themes at the desktop and phone widths (issue 37, item 1).

The suite fails on any serious or critical violation of WCAG 2.2 A/AA; axe-core is the site's dev dependency and is
injected into each page as it stands after loading.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from gateway.settings import PROJECT_ROOT
from tests.e2e.conftest import open_page
from tests.e2e.test_partners_and_event import ADMIN, PARTNER, sign_in_partner_area
from tests.e2e.test_ticketing import sign_in, wait_for_tickets

AXE = PROJECT_ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

PUBLIC_ROUTES = [
    "/", "/about", "/services", "/vendors", "/vendors/threatdown", "/vendors/crowdsec", "/vendors/wazuh",
    "/vendors/sixclicks", "/articles/cybersecurity-like-football", "/articles/zero-trust-for-gcc-enterprises",
    "/articles/ransomware-readiness-playbook", "/resources", "/contact", "/budget-calculator", "/test-partner",
    "/crowdsec-event", "/login?platform=ticketing", "/login?platform=partner", "/no-such-page",
]
DASHBOARD_TABS = ["dashboard", "tickets", "users", "companies", "reports"]


def violations(page: Page, where: str) -> list[str]:
    """The serious and critical WCAG violations on the page as it is now, one line per rule and element."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(400)  # transitions settle: axe measures colours as painted
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "tags => axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })",
        WCAG_22_AA,
    )
    return [
        f"{where}: {rule['id']} ({rule['impact']}) {node['target']} {node.get('failureSummary', '').splitlines()[-1:]}"
        for rule in result["violations"]
        if rule["impact"] in ("serious", "critical")
        for node in rule["nodes"]
    ]


def themed_page(browser: Browser, site, theme: str, width: str) -> Page:
    page, _ = open_page(browser, site, WIDTHS[width])
    page.add_init_script(f"localStorage.setItem('theme', '{theme}')")
    return page


def open_dashboard_tab(page: Page, tab: str, phone: bool) -> None:
    if phone:
        page.get_by_role("button", name="Toggle sidebar").click()
    page.locator(f"[data-tab='{tab}']").last.click()
    if phone:
        page.keyboard.press("Escape")


CASES = [(theme, width) for theme in ("light", "dark") for width in WIDTHS]


@pytest.fixture(params=CASES, ids=[f"{theme}-{width}" for theme, width in CASES])
def case(request) -> Iterator[tuple[str, str]]:
    yield request.param


def test_every_route_has_no_serious_accessibility_violation(browser, site, case):
    theme, width = case
    phone = width == "phone"
    found: list[str] = []

    page = themed_page(browser, site, theme, width)
    for route in PUBLIC_ROUTES:
        page.goto(route)
        page.locator("main, h1").first.wait_for()
        found += violations(page, route)

    sign_in(page, ADMIN)
    wait_for_tickets(page)
    for tab in DASHBOARD_TABS:
        open_dashboard_tab(page, tab, phone)
        found += violations(page, f"/dashboard#{tab}")
    open_dashboard_tab(page, "tickets", phone)
    for opener, where in ((page.locator("td[data-label='Title'] button").first, "ticket detail dialog"),
                          (page.get_by_role("button", name="New Ticket"), "new ticket dialog")):
        opener.click()
        page.get_by_role("dialog").wait_for()
        found += violations(page, f"/dashboard {where}")
        page.keyboard.press("Escape")
        page.get_by_role("dialog").wait_for(state="detached")

    sign_in_partner_area(page, ADMIN, "/partner-admin")
    for route in ("/partner-admin", "/event-registrations"):
        page.goto(route)
        page.get_by_role("table").first.wait_for()
        found += violations(page, route)
        if route == "/partner-admin":
            page.get_by_role("button", name="Review").first.click()
            page.get_by_role("dialog").wait_for()
            found += violations(page, "/partner-admin review dialog")
            page.keyboard.press("Escape")
    page.goto("/partner-registration")
    page.get_by_role("heading").first.wait_for()
    found += violations(page, "/partner-registration")
    page.context.close()

    partner = themed_page(browser, site, theme, width)
    sign_in_partner_area(partner, PARTNER, "/partner-portal")
    partner.get_by_role("tab").first.wait_for()
    found += violations(partner, "/partner-portal")
    partner.goto("/partner-profile")
    partner.get_by_role("heading").first.wait_for()
    found += violations(partner, "/partner-profile")
    partner.context.close()

    assert found == [], "\n".join(found)
