"""Layout at the widths issue 20 names (items 3, 4, 6, 7 and 8), in Chromium through the real gateway."""

from __future__ import annotations

import math

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_partners_and_event import ADMIN, sign_in_partner_area
from tests.e2e.test_ticketing import POWER, sign_in, wait_for_tickets

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def within_viewport(locator: Locator, width: int) -> bool:
    box = locator.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5


def every_cell_on_screen(page: Page, region: Locator, width: int) -> None:
    assert region.evaluate("node => node.scrollWidth <= node.clientWidth"), "the table scrolls sideways"
    for cell in region.locator("tbody tr").first.locator("td, th").all():
        assert within_viewport(cell, width), cell.inner_text()


def test_ticket_list_fits_1280_with_the_sidebar_and_is_cards_on_a_phone(browser, site):
    page, errors = open_page(browser, site, DESKTOP)
    sign_in(page, POWER)
    wait_for_tickets(page)
    expect(page.get_by_role("navigation", name="Dashboard")).to_be_visible()
    region = page.get_by_role("region", name="Tickets table")
    every_cell_on_screen(page, region, DESKTOP["width"])
    expect(region.locator("thead th")).to_have_text(
        ["ID", "Company", "Title", "Status", "Priority", "Severity", "Category", "Assignee", "Due Date", "Created",
         "Hours", "Vis.", "Actions"])
    first = region.locator("tbody tr").first
    assert within_viewport(first.get_by_role("button", name="Delete ticket"), DESKTOP["width"])
    page.context.close()

    phone, _ = open_page(browser, site, PHONE)
    sign_in(phone, POWER)
    wait_for_tickets(phone)
    region = phone.get_by_role("region", name="Tickets table")
    every_cell_on_screen(phone, region, PHONE["width"])
    card = region.locator("tbody tr").first
    assert card.locator("td[data-label='Assignee']").evaluate("node => getComputedStyle(node, '::before').content") == '"Assignee"'
    assert errors == []
    phone.context.close()


def test_partner_admin_table_on_a_phone_and_its_heading_aligned(browser, site):
    page, _ = open_page(browser, site, PHONE)
    sign_in_partner_area(page, ADMIN, "/partner-admin")
    region = page.get_by_role("region", name="Partner applications table")
    region.locator("tbody tr").first.wait_for()
    every_cell_on_screen(page, region, PHONE["width"])
    first = region.locator("tbody tr").first
    for name in ("Review",):
        assert within_viewport(first.get_by_role("button", name=name), PHONE["width"])
    assert within_viewport(first.get_by_role("button", name="Delete"), PHONE["width"])
    page.context.close()

    desk, _ = open_page(browser, site, DESKTOP)
    sign_in_partner_area(desk, ADMIN, "/partner-admin")
    region = desk.get_by_role("region", name="Partner applications table")
    region.locator("tbody tr").first.wait_for()
    heading = desk.get_by_role("heading", name="Partner Applications").bounding_box()
    table = region.bounding_box()
    assert heading is not None and table is not None and abs(heading["x"] - table["x"]) <= 1
    every_cell_on_screen(desk, region, DESKTOP["width"])
    desk.context.close()


def test_dashboard_header_keeps_the_theme_toggle_and_whole_welcome_on_a_phone(browser, site, db):
    db.execute("update public.profiles set full_name = 'Layla Hassan Al Mansouri' where email = %s", (POWER[0],))
    page, _ = open_page(browser, site, {"width": 600, "height": 844})
    sign_in(page, POWER)
    header = page.locator("header").filter(has_text="Security Dashboard")
    expect(header.get_by_role("radiogroup", name="Theme")).to_be_visible()
    welcome = header.get_by_text("Welcome back, Layla Hassan Al Mansouri")
    expect(welcome).to_be_visible()
    assert welcome.evaluate("node => node.scrollWidth <= node.clientWidth")
    assert within_viewport(header.get_by_role("radiogroup", name="Theme"), 600)
    page.context.close()


def test_framework_nodes_sit_on_their_rings_with_readable_labels(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    page.goto("/services")
    stage = page.locator("svg[viewBox='-360 -360 720 720']")
    box = stage.bounding_box()
    assert box is not None
    scale = box["width"] / 720
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for layer, radius in (("inner", 220), ("outer", 320)):
        for node in page.locator(f"[data-layer='{layer}']").all():
            icon = node.locator("span").first.bounding_box()
            assert icon is not None
            distance = math.dist(centre, (icon["x"] + icon["width"] / 2, icon["y"] + icon["height"] / 2))
            assert abs(distance - radius * scale) <= 2, (node.get_attribute("aria-label"), distance, radius * scale)
            label = node.locator("span").nth(1)
            lines = label.evaluate("node => Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight))")
            assert lines <= 2, node.get_attribute("aria-label")
    label = page.get_by_role("button", name="Deployment & Integration").locator("span").nth(1)
    assert label.evaluate("node => getComputedStyle(node).backgroundColor") != "rgba(0, 0, 0, 0)"
    page.context.close()


def fill_event_form(page: Page, email: str) -> None:
    form = page.get_by_role("form", name="Event registration")
    form.get_by_label("First Name *").fill("Hessa")
    form.get_by_label("Last Name *").fill("Al Falasi")
    form.get_by_label("Email *").fill(email)
    form.get_by_label("Phone *").fill("+971 50 765 4321")
    form.get_by_label("Company Name *").fill("Falcon Grid")
    form.get_by_role("button", name="Register Now").click()


def test_event_card_hugs_its_content_and_clears_the_sticky_header(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    page.goto("/crowdsec-event")
    card = page.locator("div.rounded-xl").filter(has=page.get_by_role("heading", name="Register for the Event"))
    button = page.get_by_role("button", name="Register Now").bounding_box()
    box = card.bounding_box()
    assert button is not None and box is not None
    assert box["y"] + box["height"] - (button["y"] + button["height"]) <= 40

    fill_event_form(page, "hessa.layout@example.com")
    confirmation = page.get_by_role("heading", name="Registration Confirmed!")
    expect(confirmation).to_be_visible()
    page.wait_for_timeout(300)
    card = page.locator("div.rounded-xl").filter(has=confirmation)
    again = page.get_by_role("button", name="Register Another Attendee").bounding_box()
    box = card.bounding_box()
    header = page.locator("body > div header, header").first.bounding_box()
    assert again is not None and box is not None and header is not None
    assert box["y"] + box["height"] - (again["y"] + again["height"]) <= 56
    assert box["y"] >= header["y"] + header["height"], (box, header)
    page.context.close()
