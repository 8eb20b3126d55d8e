"""The small things of issue 37, item 5: touch targets and long addresses on phones, the portal's Quick Actions card,
the theme switch on Event Registrations, read-only profile fields that read as data."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import open_page
from tests.e2e.test_layout import PHONE
from tests.e2e.test_partners_and_event import PARTNER, sign_in_partner_area
from tests.e2e.test_ticketing import POWER, sign_in, wait_for_tickets

SMALL_TARGETS = """() => {
    const controls = document.querySelectorAll(
        'button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), [role=tab], a[href]');
    return [...controls].filter((node) => {
        const box = node.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;  // not shown, or shown only on focus (skip link)
        // A link inside running text is sized by its sentence (WCAG 2.5.8's inline exception).
        if (node.tagName === 'A' && getComputedStyle(node).display === 'inline') return false;
        return box.height < 44;
    }).map((node) => `${node.tagName} "${(node.innerText || node.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(node.getBoundingClientRect().height)}px`);
}"""


def small_targets(page: Page, where: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    return [f"{where}: {target}" for target in page.evaluate(SMALL_TARGETS)]


def test_touch_targets_are_at_least_44_px_on_a_phone(browser, site):
    page, _ = open_page(browser, site, PHONE)
    found: list[str] = []
    for route in ("/", "/contact", "/budget-calculator", "/crowdsec-event", "/login?platform=partner"):
        page.goto(route)
        page.locator("main, h1").first.wait_for()
        found += small_targets(page, route)
    page.get_by_role("button", name="Open menu").click()
    found += small_targets(page, "menu")
    sign_in(page, POWER)
    wait_for_tickets(page)
    found += small_targets(page, "/dashboard")
    sign_in_partner_area(page, PARTNER, "/partner-portal")
    found += small_targets(page, "/partner-portal")
    page.context.close()
    assert found == [], "\n".join(found)
