"""Errors in words (issue 37, item 3): no toast shows PostgreSQL's or JSON text, a profile that fails to load says so,
a mail that fails is not claimed as sent, and a confirmation link's tokens leave the address bar."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import open_page
from tests.e2e.test_failed_loads import fail
from tests.e2e.test_layout import fill_event_form
from tests.e2e.test_partners_and_event import PARTNER, sign_in_partner_area, sign_up_and_confirm, toast
from tests.e2e.test_ticketing import READER, sign_in, wait_for_tickets

RAW = re.compile(r"row-level security|violates|relation \"|column \"|syntax error|duplicate key|null value|"
                 r"permission denied|PGRST|JWT|[{}\[\]]", re.I)

# Every toast the page shows, kept even after it is dismissed.
RECORD_TOASTS = """
window.__toasts = [];
new MutationObserver(() => {
    for (const node of document.querySelectorAll('[aria-live] [role=alert], [aria-live] [role=status]')) {
        if (!node.dataset.seen) { node.dataset.seen = '1'; window.__toasts.push(node.innerText); }
    }
}).observe(document, { childList: true, subtree: true });
"""


def recording_page(browser, site) -> Page:
    page, _ = open_page(browser, site)
    page.add_init_script(RECORD_TOASTS)
    return page


def toasts(page: Page) -> list[str]:
    return page.evaluate("window.__toasts")


def assert_in_words(page: Page) -> None:
    shown = toasts(page)
    assert shown, "the failure showed a toast"
    raw = [text for text in shown if RAW.search(text)]
    assert raw == [], raw


def test_a_read_user_creating_a_ticket_is_told_why_in_words(browser, site):
    page = recording_page(browser, site)
    sign_in(page, READER)
    wait_for_tickets(page)
    page.get_by_role("button", name="New Ticket").click()
    dialog = page.get_by_role("dialog", name="Create New Ticket")
    dialog.get_by_label("Title").fill(f"Reader attempt {uuid.uuid4().hex[:6]}")
    dialog.get_by_role("button", name="Create Ticket").click()
    expect(toast(page, "Your account does not have permission to do this.")).to_be_visible()
    assert_in_words(page)
    page.context.close()


def test_a_sign_up_with_an_empty_answer_shows_a_sentence(browser, site):
    page = recording_page(browser, site)
    page.route("**/auth/v1/signup*", lambda route: route.fulfill(status=500, content_type="application/json", body="{}"))
    page.goto("/login?platform=partner")
    page.get_by_role("tab", name="Create Account").click()
    page.get_by_label("Full Name").fill("Noura Al Suwaidi")
    page.get_by_label("Email").fill(f"noura.{uuid.uuid4().hex[:6]}@example.com")
    page.get_by_label("Password").fill("Bright#Falcon2025")
    page.get_by_role("button", name="Create Account").click()
    expect(toast(page, "Signup failed. Please try again.")).to_be_visible()
    assert_in_words(page)
    page.context.close()


def test_a_refused_partner_update_shows_no_database_text(browser, site):
    page = recording_page(browser, site)
    sign_in_partner_area(page, PARTNER, "/partner-portal")

    def refuse(route: Route) -> None:
        if route.request.method == "PATCH":
            route.fulfill(status=403, content_type="application/json", body='{"code":"42501","details":null,'
                          '"hint":null,"message":"new row violates row-level security policy for table \\"partners\\""}')
        else:
            route.continue_()

    page.route("**/rest/v1/partners*", refuse)
    page.get_by_role("tab", name="Profile").click()
    page.get_by_role("button", name="Edit Profile").click()
    page.get_by_role("button", name="Save Changes").click()
    expect(toast(page, "Your account does not have permission to do this.")).to_be_visible()
    assert_in_words(page)
    page.context.close()


def test_a_profile_that_fails_to_load_says_so_and_can_be_retried(browser, site):
    page = recording_page(browser, site)
    sign_in_partner_area(page, PARTNER, "/partner-profile")
    page.route("**/rest/v1/rpc/get_partner_with_access_control*", fail)
    page.goto("/partner-profile")
    expect(page.get_by_role("heading", name="Partner Profile Unavailable")).to_be_visible()
    expect(page.get_by_text("No Partner Profile Found")).to_have_count(0)
    expect(page.get_by_role("link", name="Register as Partner")).to_have_count(0)
    assert_in_words(page)
    page.unroute("**/rest/v1/rpc/get_partner_with_access_control*", fail)
    page.get_by_role("button", name="Try Again").click()
    expect(page.get_by_role("heading", name="Partner Profile")).to_be_visible()
    page.context.close()


def test_a_failed_confirmation_mail_is_not_claimed_as_sent(browser, site):
    page, _ = open_page(browser, site)
    page.route("**/functions/v1/send-event-confirmation*",
               lambda route: route.fulfill(status=500, content_type="application/json", body='{"error":"smtp down"}'))
    page.goto("/crowdsec-event")
    email = f"hessa.{uuid.uuid4().hex[:6]}@example.com"
    fill_event_form(page, email)
    expect(page.get_by_role("heading", name="Registration Confirmed!")).to_be_visible()
    confirmation = page.get_by_role("status").filter(has=page.get_by_role("heading", name="Registration Confirmed!"))
    expect(confirmation).to_contain_text(f"the confirmation email to {email} could not be sent")
    expect(confirmation).not_to_contain_text("has been sent")
    page.context.close()

    page, _ = open_page(browser, site)
    page.goto("/crowdsec-event")
    email = f"hessa.{uuid.uuid4().hex[:6]}@example.com"
    fill_event_form(page, email)
    expect(page.get_by_text(f"A confirmation email has been sent to {email}.")).to_be_visible()
    page.context.close()


def test_a_confirmation_links_tokens_leave_the_address_bar(browser, site):
    page, _ = open_page(browser, site)
    redirects: list[str] = []
    page.on("response", lambda response: "/verify" in response.url and redirects.append(response.headers.get("location", "")))
    email = f"salem.{uuid.uuid4().hex[:6]}@example.com"
    sign_up_and_confirm(page, site, "Salem Al Ketbi", email)
    assert any("access_token=" in location for location in redirects), redirects  # the link did bring tokens
    page.locator("main").first.wait_for()
    page.wait_for_function("!/access_token|refresh_token/.test(location.href)")
    assert "token" not in page.url
    page.context.close()
