"""The staff ticketing system at /dashboard, driven through the real gateway with the demo data."""

from __future__ import annotations

import time
import uuid

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import MOBILE, open_page
from tests.support.waits import eventually

POWER = ("power@gulfsec.example", "Power#Demo2025")
READER = ("reader@gulfsec.example", "Reader#Demo2025")
ADMIN = ("admin@gulfsec.example", "Admin#Demo2025")


def sign_in(page: Page, account: tuple[str, str], *, from_home: bool = False) -> None:
    if from_home:
        page.goto("/")
        page.get_by_role("link", name="TICKETING SYSTEM LOGIN").first.click()
    else:
        page.goto("/login?platform=ticketing")
    page.get_by_role("heading", name="Secure Ticketing System").wait_for()
    page.get_by_label("Email").fill(account[0])
    page.get_by_label("Password").fill(account[1])
    page.get_by_role("button", name="Sign In", exact=True).click()
    page.get_by_role("heading", name="Security Dashboard").wait_for()
    page.wait_for_url("**/dashboard")


def ticket_rows(page: Page):
    return page.locator("table:has(caption:text('Tickets')) tbody tr")


def column_texts(page: Page, column: int) -> list[str]:
    return [text.strip() for text in ticket_rows(page).locator(f"td:nth-child({column})").all_inner_texts()]


def wait_for_tickets(page: Page) -> None:
    eventually(lambda: ticket_rows(page).count() > 0, "the ticket list")


def test_power_user_works_the_ticket_list(browser, site):
    page, errors = open_page(browser, site)
    sign_in(page, POWER, from_home=True)
    expect(page.get_by_text("Welcome back, Omar Khalil")).to_be_visible()
    expect(page.locator("header").filter(has_text="TICKETING SYSTEM LOGIN")).to_have_count(0)
    wait_for_tickets(page)

    # The seeded tickets arrive with their joined company and assignee names.
    assert "Desert Falcon Logistics" in column_texts(page, 2)
    assert "Fatima Rashed" in column_texts(page, 8)
    first_id = ticket_rows(page).first.locator("td").first.locator("span")
    assert len(first_id.inner_text()) == 6 and first_id.get_attribute("title").endswith(first_id.inner_text())
    assert set(column_texts(page, 9)) == {"-"} and set(column_texts(page, 11)) == {"-"}

    # Company dropdown: the list is re-fetched for that company only.
    page.get_by_label("Filter by company").select_option(label="Pearl Bay Bank")
    eventually(lambda: set(column_texts(page, 2)) == {"Pearl Bay Bank"}, "Pearl Bay Bank tickets only")
    page.get_by_label("Filter by company").select_option(label="All Companies")
    eventually(lambda: len(set(column_texts(page, 2))) > 1, "all companies again")

    # Status filter, with the badge counting one active group.
    all_statuses = set(column_texts(page, 4))
    assert len(all_statuses) > 1
    page.get_by_role("button", name="Filters").click()
    page.get_by_role("group", name="Status").get_by_label("Resolved").check()
    expect(page.get_by_role("button", name="Filters").get_by_text("1", exact=True)).to_be_visible()
    eventually(lambda: set(column_texts(page, 4)) == {"Resolved"}, "resolved tickets only")
    page.get_by_label("Filter by company").select_option(label="Pearl Bay Bank")
    expect(page.get_by_text("No tickets found")).to_be_visible()
    expect(page.get_by_text("Create a new ticket to get started")).to_be_visible()
    page.get_by_role("button", name="Clear filters").click()
    page.get_by_label("Filter by company").select_option(label="All Companies")
    eventually(lambda: set(column_texts(page, 4)) == all_statuses, "every status again")

    # Create: company defaults to the first, the assignee list follows the chosen company.
    title = f"E2E firewall alert {uuid.uuid4().hex[:6]}"
    page.get_by_role("button", name="New Ticket").click()
    dialog = page.get_by_role("dialog", name="Create New Ticket")
    dialog.get_by_role("button", name="Create Ticket").click()
    expect(dialog.get_by_role("alert")).to_have_text("Title is required")
    dialog.get_by_label("Title").fill(title)
    dialog.get_by_label("Description").fill("Firewall CPU spikes during the nightly backup.")
    assert dialog.get_by_label("Company").locator("option:checked").inner_text() == "Desert Falcon Logistics"
    assignees = dialog.get_by_label("Assignee").locator("option").all_inner_texts()
    assert assignees[0] == "Unassigned" and "Hassan Al Amiri" in assignees and "Yusuf Darwish" not in assignees
    dialog.get_by_label("Assignee").select_option(label="Hassan Al Amiri")
    dialog.get_by_label("Priority").select_option("high")
    dialog.get_by_role("textbox", name="Tags", exact=True).fill("firewall")
    dialog.get_by_role("textbox", name="Tags", exact=True).press("Enter")
    dialog.get_by_role("textbox", name="Tags", exact=True).fill("backup")
    dialog.get_by_role("button", name="Add tag").click()
    dialog.get_by_role("textbox", name="Tags", exact=True).fill(" firewall ")
    dialog.get_by_role("textbox", name="Tags", exact=True).press("Enter")
    expect(dialog.get_by_role("list", name="Added tags").get_by_role("listitem")).to_have_text(["firewall", "backup"])
    expect(dialog.get_by_label("Resolution")).to_have_count(0)
    dialog.get_by_role("button", name="Create Ticket").click()
    expect(page.get_by_text("Ticket created successfully")).to_be_visible()
    row = ticket_rows(page).filter(has_text=title)
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Desert Falcon Logistics")
    expect(row).to_contain_text("Hassan Al Amiri")
    expect(row).to_contain_text("firewall")

    # Edit to resolved: the Resolution field appears with the status.
    row.get_by_role("button", name=f"Edit ticket {title}").click()
    dialog = page.get_by_role("dialog", name="Edit Ticket")
    expect(dialog.get_by_label("Title")).to_have_value(title)
    expect(dialog.get_by_label("Resolution")).to_have_count(0)
    dialog.get_by_label("Status").select_option("resolved")
    dialog.get_by_label("Resolution").fill("Backup window moved; CPU back to normal.")
    dialog.get_by_role("button", name="Update Ticket").click()
    expect(page.get_by_text("Ticket updated successfully")).to_be_visible()
    expect(row.locator("td:nth-child(4)")).to_have_text("Resolved")

    # The detail dialog shows the resolution and the comment box's toast.
    row.get_by_role("button", name=title, exact=True).click()
    detail = page.get_by_role("dialog", name=title)
    expect(detail.get_by_text("Backup window moved; CPU back to normal.")).to_be_visible()
    detail.get_by_label("Add a comment").fill("Customer informed.")
    detail.get_by_role("button", name="Add Comment").click()
    expect(page.get_by_text("Comment added successfully")).to_be_visible()
    expect(detail.get_by_label("Add a comment")).to_have_value("")
    detail.get_by_role("button", name="Close dialog").click()
    expect(row.get_by_role("button", name=title, exact=True)).to_be_focused()  # focus goes back to the opener

    # Delete after the confirmation.
    messages: list[str] = []
    page.once("dialog", lambda confirm: (messages.append(confirm.message), confirm.accept()))
    row.get_by_role("button", name=f"Delete ticket {title}").click()
    expect(page.get_by_text("Ticket deleted successfully")).to_be_visible()
    expect(row).to_have_count(0)
    assert messages == ["Are you sure you want to delete this ticket?"]
    assert errors == []
    page.context.close()


def test_read_user_sees_only_their_company_and_no_admin_entries(browser, site):
    page, errors = open_page(browser, site)
    sign_in(page, READER)
    wait_for_tickets(page)
    assert set(column_texts(page, 2)) == {"Desert Falcon Logistics"}
    nav = page.get_by_role("navigation", name="Dashboard")
    expect(nav.get_by_role("button", name="User Management")).to_be_disabled()
    expect(nav.get_by_role("button", name="Company Management")).to_be_disabled()
    expect(nav.get_by_role("button", name="Reports")).to_be_enabled()
    nav.get_by_role("button", name="Reports").click()
    expect(page.get_by_role("heading", name="Weekly Summary")).to_be_visible()

    # Ctrl+B collapses the sidebar to icons and keeps the state in a cookie for 7 days.
    sidebar = page.locator("aside[data-state]")
    expect(sidebar).to_have_attribute("data-state", "expanded")
    assert sidebar.bounding_box()["width"] == 256
    page.keyboard.press("Control+b")
    expect(sidebar).to_have_attribute("data-state", "collapsed")
    eventually(lambda: sidebar.bounding_box()["width"] == 48, "the 3rem icon mode")
    cookie = next(c for c in page.context.cookies() if c["name"] == "sidebar:state")
    assert cookie["value"] == "false" and 604000 < cookie["expires"] - time.time() <= 604800
    page.reload()
    expect(page.locator("aside[data-state]")).to_have_attribute("data-state", "collapsed")

    # Logout drops the saved dashboard tickets, says so and returns to /login.
    page.evaluate("localStorage.setItem('dashboard-tickets', '[]')")
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_text("Logged out successfully")).to_be_visible()
    page.wait_for_url("**/login**")
    assert page.evaluate("localStorage.getItem('dashboard-tickets')") is None
    page.get_by_role("heading", name="Secure Ticketing System").wait_for()
    assert errors == []
    page.context.close()


def test_mobile_sidebar_is_an_offcanvas_drawer(browser, site):
    page, errors = open_page(browser, site, MOBILE)
    sign_in(page, POWER)
    expect(page.locator("aside[data-state]")).to_have_count(0)
    page.get_by_role("button", name="Toggle sidebar").click()
    drawer = page.get_by_role("dialog", name="Sidebar")
    expect(drawer).to_be_visible()
    assert drawer.bounding_box()["width"] == 288

    # Keyboard: focus starts inside, Tab stays inside, Escape closes and returns focus to the toggle.
    expect(drawer.get_by_role("button", name="Close sidebar")).to_be_focused()
    for _ in range(6):
        page.keyboard.press("Tab")
        assert drawer.evaluate("(node) => node.contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(drawer).to_have_count(0)
    expect(page.get_by_role("button", name="Toggle sidebar")).to_be_focused()

    # At 390px the page never scrolls sideways; the ticket rows are cards that fit the screen (test_layout).
    wait_for_tickets(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table_region = page.get_by_role("region", name="Tickets table")
    assert table_region.evaluate("(node) => node.scrollWidth <= node.clientWidth")

    page.get_by_role("button", name="Toggle sidebar").click()
    drawer.get_by_role("button", name="Dashboard", exact=True).click()
    expect(drawer).to_have_count(0)
    expect(page.get_by_role("heading", name="Overview")).to_be_visible()
    assert errors == []
    page.context.close()


def test_super_admin_creates_a_company(browser, site):
    page, errors = open_page(browser, site)
    sign_in(page, ADMIN)
    page.get_by_role("navigation", name="Dashboard").get_by_role("button", name="Company Management").click()
    page.get_by_role("cell", name="Pearl Bay Bank", exact=True).wait_for()
    page.get_by_role("button", name="Add Company").click()
    dialog = page.get_by_role("dialog", name="Add Company")
    dialog.get_by_role("button", name="Create Company").click()
    expect(dialog.get_by_role("alert")).to_have_text("Company name is required")
    name = f"Sharjah Cyber Labs {uuid.uuid4().hex[:4]}"
    dialog.get_by_label("Company Name").fill(name)
    dialog.get_by_label("Description").fill("Security research lab.")
    dialog.get_by_label("Subscription").select_option("pro")
    dialog.get_by_role("button", name="Create Company").click()
    expect(page.get_by_text("Company created successfully")).to_be_visible()
    row = page.locator("tbody tr", has_text=name)
    expect(row).to_contain_text("Security research lab.")
    expect(row).to_contain_text("Active")
    expect(row).to_contain_text("Pro")

    # The company's people: adding one updates the Users count.
    row.get_by_role("button", name=f"Manage users of {name}").click()
    people = page.get_by_role("dialog", name=f"Users of {name}")
    people.get_by_role("button", name="Add User").click()
    expect(people.get_by_role("alert")).to_have_text("Name and email are required")
    people.get_by_label("Name").fill("Huda Mansoori")
    people.get_by_label("Email").fill("huda@sharjahcyber.example")
    people.get_by_role("button", name="Add User").click()
    expect(page.get_by_text("User created successfully")).to_be_visible()
    expect(people.get_by_role("list", name="Company users")).to_contain_text("Huda Mansoori")
    people.get_by_role("button", name="Close dialog").click()
    expect(row.locator("td:nth-child(5)")).to_have_text("1")

    # User management runs on demo data: bulk actions, confirmations and the CSV export only toast.
    page.get_by_role("navigation", name="Dashboard").get_by_role("button", name="User Management").click()
    bulk = page.get_by_role("group", name="Bulk actions")
    bulk.get_by_role("button", name="Activate", exact=True).click()
    expect(page.get_by_text("Please select users first")).to_be_visible()
    page.get_by_label("Select Omar Khalil").check()
    page.get_by_label("Select Sara Nasser").check()
    bulk.get_by_role("button", name="Deactivate").click()
    expect(page.get_by_text("Deactivated 2 users")).to_be_visible()
    page.get_by_label("Filter by role").select_option("read-user")
    expect(page.locator("tbody tr")).to_have_count(3)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    assert download.value.suggested_filename == "users_export.csv"
    expect(page.get_by_text("Users exported successfully")).to_be_visible()
    assert errors == []
    page.context.close()


def test_ticket_inserted_elsewhere_appears_without_reload(browser, site):
    page, errors = open_page(browser, site)
    sign_in(page, POWER)
    wait_for_tickets(page)
    service = {"apikey": site.service_key, "Authorization": f"Bearer {site.service_key}"}
    companies = httpx.get(f"{site.url}/rest/v1/companies", params={"select": "id", "name": "eq.Najd Health Group"},
                          headers=service, timeout=10)
    companies.raise_for_status()
    title = f"Realtime ransomware alert {uuid.uuid4().hex[:6]}"
    created = httpx.post(f"{site.url}/rest/v1/tickets", json={"title": title, "company_id": companies.json()[0]["id"]},
                         headers=service, timeout=10)
    assert created.status_code == 201, created.text
    expect(ticket_rows(page).filter(has_text=title)).to_have_count(1, timeout=15000)
    expect(ticket_rows(page).filter(has_text=title)).to_contain_text("Najd Health Group")
    assert errors == []
    page.context.close()
