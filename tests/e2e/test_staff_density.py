"""Where staff work, density (issue 37, item 2): the ticket list, User Management's filters, the dashboard header and
overview on a phone, and the calculator's table, in Chromium through the real gateway."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_layout import DESKTOP, PHONE, every_cell_on_screen, within_viewport
from tests.e2e.test_ticketing import ADMIN, POWER, sign_in, wait_for_tickets

TICKET_COLUMNS = ["ID", "Company", "Title", "Status", "Priority", "Severity", "Category", "Assignee", "Due Date",
                  "Created", "Hours", "Vis.", "Actions"]


def save_screenshot(page: Page, name: str) -> None:
    """Writes the docs' pictures of the ticket list when SCREENSHOT_DIR names a folder (e.g. docs/screenshots)."""
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for close in page.get_by_role("button", name="Close notification").all():
            close.click()
        page.screenshot(path=str(Path(folder) / name))


def rows_on_one_screen(page: Page) -> int:
    """Scrolls the first ticket row to just below the sticky header and counts the rows wholly on screen."""
    return page.evaluate(
        """() => {
            const header = document.querySelector('header.sticky').getBoundingClientRect().height;
            const head = document.querySelector('table thead').getBoundingClientRect().height;
            const rows = [...document.querySelectorAll('table:has(caption) tbody tr')];
            window.scrollBy({ top: rows[0].getBoundingClientRect().top - header - head, behavior: 'instant' });
            return rows.filter((row) => {
                const box = row.getBoundingClientRect();
                return box.top >= header && box.bottom <= window.innerHeight;
            }).length;
        }"""
    )


LONG_TITLE = " ".join(["Quarterly firewall rule review across every branch office with the regional SOC"] * 2)


def give_the_newest_ticket_a_LONG_TITLE(db) -> None:
    db.execute("update public.tickets set title = %s where id = (select id from public.tickets order by created_at desc limit 1)",
               (LONG_TITLE,))


def test_twelve_tickets_fit_one_desktop_screen_with_every_column(browser, site, db):
    give_the_newest_ticket_a_LONG_TITLE(db)
    page, errors = open_page(browser, site, DESKTOP)
    sign_in(page, POWER)
    wait_for_tickets(page)
    region = page.get_by_role("region", name="Tickets table")
    expect(region.locator("thead th")).to_have_text(TICKET_COLUMNS)
    every_cell_on_screen(page, region, DESKTOP["width"])

    visible = rows_on_one_screen(page)
    assert visible >= 12, f"{visible} tickets on a 1280x800 screen"
    save_screenshot(page, "ticket-list-1280.png")
    heights = {round(box["height"]) for box in (row.bounding_box() for row in region.locator("tbody tr").all()[:12]) if box}
    assert max(heights) <= 52, heights  # one line, or two where the title has tags

    title = region.get_by_role("button", name=LONG_TITLE, exact=True)
    assert title.get_attribute("title") == LONG_TITLE
    assert title.evaluate("node => node.scrollWidth > node.clientWidth"), "the long title is cut to one line"
    title.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert title.evaluate("node => node.scrollWidth <= node.clientWidth"), "focus shows the whole title"
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog").get_by_role("heading", name=LONG_TITLE)).to_be_visible()
    page.keyboard.press("Escape")
    assert errors == []
    page.context.close()


def test_dashboard_header_is_one_row_on_a_phone_and_overview_titles_read_whole(browser, site, db):
    give_the_newest_ticket_a_LONG_TITLE(db)
    page, _ = open_page(browser, site, PHONE)
    sign_in(page, POWER)
    wait_for_tickets(page)
    title = page.get_by_role("region", name="Tickets table").get_by_role("button", name=LONG_TITLE, exact=True)
    assert title.evaluate("node => node.scrollWidth <= node.clientWidth"), "the card shows the whole title"
    assert within_viewport(title, PHONE["width"])
    header = page.locator("header.sticky")
    box = header.bounding_box()
    assert box is not None and box["height"] < 64, box
    for name in ("Toggle sidebar", "Logout"):
        button = header.get_by_role("button", name=name).bounding_box()
        assert button is not None and button["height"] >= 44 and button["width"] >= 44, (name, button)
    page.get_by_role("region", name="Tickets table").evaluate(
        "node => window.scrollTo({ top: node.getBoundingClientRect().top + scrollY - 64, behavior: 'instant' })")
    save_screenshot(page, "ticket-list-390.png")

    # The theme switch lives in the sidebar drawer at this width.
    page.get_by_role("button", name="Toggle sidebar").click()
    drawer = page.get_by_role("dialog", name="Sidebar")
    drawer.get_by_role("radio", name="Dark").click()
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    drawer.locator("[data-tab='dashboard']").click()

    latest = page.get_by_role("heading", name="Latest Tickets").locator("xpath=..").locator("li")
    expect(latest.first).to_be_visible()
    for item in latest.all():
        title = item.locator("p").first
        assert title.evaluate("node => node.scrollWidth <= node.clientWidth"), title.inner_text()
        assert (title.bounding_box() or {"width": 0})["width"] >= 250
    page.context.close()


def test_user_management_search_and_filters_share_one_row_on_desktop(browser, site):
    page, _ = open_page(browser, site, DESKTOP)
    sign_in(page, ADMIN)
    page.locator("[data-tab='users']").click()
    tops = [
        round((page.get_by_label(name).bounding_box() or {"y": -1})["y"])
        for name in ("Search users", "Filter by role", "Filter by status")
    ]
    assert len(set(tops)) == 1, tops
    assert (page.get_by_label("Search users").bounding_box() or {"width": 0})["width"] >= 300
    page.context.close()


def test_calculator_table_says_it_scrolls_on_a_phone_and_not_on_a_desktop(browser, site):
    for viewport, scrolls in ((PHONE, True), (DESKTOP, False)):
        page, _ = open_page(browser, site, viewport)
        page.goto("/budget-calculator")
        page.get_by_role("tab", name="Budget Planning").click()
        region = page.get_by_role("region", name="Budget breakdown by category table")
        hint = page.get_by_text("Scroll the table sideways to see every column.")
        assert region.evaluate("node => node.scrollWidth > node.clientWidth") is scrolls
        if scrolls:
            expect(hint).to_be_visible()
            region.focus()
            page.keyboard.press("ArrowRight")
            page.wait_for_function("document.activeElement.scrollLeft > 0")
        else:
            expect(hint).to_be_hidden()
        page.context.close()
