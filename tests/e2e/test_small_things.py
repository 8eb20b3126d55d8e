"""The small things of issue 37, item 5: touch targets and long addresses on phones, the portal's Quick Actions card,
the theme switch on Event Registrations, read-only profile fields that read as data."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_layout import DESKTOP, PHONE, fill_event_form
from tests.e2e.test_partners_and_event import ADMIN, PARTNER, sign_in_partner_area
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


def lines_of(element: Locator) -> list[str]:
    """The text of each line the element's text wraps into, by where the browser placed each character."""
    return element.evaluate(
        """node => {
            const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
            const lines = [];
            let top = null;
            for (let text = walker.nextNode(); text; text = walker.nextNode()) {
                for (let i = 0; i < text.length; i++) {
                    const range = document.createRange();
                    range.setStart(text, i);
                    range.setEnd(text, i + 1);
                    const box = range.getClientRects()[0];
                    if (!box) continue;
                    if (top === null || box.top > top + 2) { lines.push(''); top = box.top; }
                    lines[lines.length - 1] += text.data[i];
                }
            }
            return lines;
        }"""
    )


def test_a_long_email_wraps_at_its_at_sign_or_dots_and_phone_numbers_stay_whole_on_a_phone(browser, site):
    page, _ = open_page(browser, site, PHONE)
    page.goto("/crowdsec-event")
    email = "procurement.and.partnerships.team@desert-falcon-logistics.example.ae"
    fill_event_form(page, email)
    expect(page.get_by_role("heading", name="Registration Confirmed!")).to_be_visible()
    lines = [line.strip() for line in lines_of(page.get_by_role("status").locator("strong"))]
    assert "".join(lines) == email and len(lines) > 1, lines
    assert all(line[0] in "@." for line in lines[1:]), lines

    page.goto("/contact")
    phone = page.get_by_role("link", name="+971 4 555 0142").first
    expect(phone).to_be_visible()
    assert len(lines_of(phone)) == 1
    page.context.close()


def test_quick_actions_card_hugs_its_buttons(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    sign_in_partner_area(page, PARTNER, "/partner-portal")
    card = page.locator("div").filter(has=page.get_by_role("heading", name="Quick Actions", exact=True)).last
    buttons = card.get_by_role("button").or_(card.get_by_role("link"))
    expect(buttons).to_have_count(4)
    box = card.bounding_box()
    last = max((b.bounding_box() for b in buttons.all()), key=lambda b: b["y"] + b["height"])
    assert box is not None and box["y"] + box["height"] - (last["y"] + last["height"]) <= 32, (box, last)
    page.context.close()


def test_event_registrations_has_the_theme_switch(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    sign_in_partner_area(page, ADMIN, "/event-registrations")
    switch = page.locator("main").get_by_role("radiogroup", name="Theme")
    switch.get_by_role("radio", name="Dark").click()
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    switch.get_by_role("radio", name="Light").click()
    assert not page.evaluate("document.documentElement.classList.contains('dark')")
    page.context.close()


def test_read_only_profile_fields_read_as_data(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    sign_in_partner_area(page, PARTNER, "/partner-profile")
    for name in ("Company Name", "Country"):
        field = page.get_by_label(name)
        expect(field).not_to_be_editable()
        expect(field).to_be_enabled()
        look = field.evaluate("""node => { const s = getComputedStyle(node);
            return [s.borderTopColor, s.backgroundColor, s.opacity, s.fontWeight]; }""")
        assert look == ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)", "1", "600"], (name, look)
    page.context.close()
