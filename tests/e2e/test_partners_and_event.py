"""The partner programme and the vendor event, as whole user stories through the real gateway (spec 1, sections 2-9)."""

from __future__ import annotations

import csv
import io
import re
import uuid
from collections.abc import Callable

from playwright.sync_api import Dialog, Page, expect

from tests.e2e.conftest import MOBILE, open_page
from tests.support.mailbox import latest_mail, mails_to
from tests.support.waits import eventually

ADMIN = ("admin@gulfsec.example", "Admin#Demo2025")
PARTNER = ("partner@gulfsec.example", "Partner#Demo2025")
PASSWORD = "Bright#Falcon2025"


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def uncaught(errors: list[str]) -> list[str]:
    """Console errors other than the browser's own line for each refused request (the stories expect refusals)."""
    return [error for error in errors if "Failed to load resource" not in error]


def toast(page: Page, text: str):
    return page.get_by_role("status").or_(page.get_by_role("alert")).filter(has_text=text).first


def sign_up_and_confirm(page: Page, site, name: str, email: str) -> None:
    page.goto("/login?platform=partner")
    page.get_by_role("heading", name="Partner Portal").wait_for()
    page.get_by_role("tab", name="Create Account").click()
    page.get_by_label("Full Name").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(toast(page, "Please check your email to confirm your account")).to_be_visible()
    eventually(lambda: mails_to(site, email), f"the confirmation mail for {email}")
    link = next(link for link in latest_mail(site, email)["links"] if "/verify" in link)
    response = page.goto(link)
    assert response is not None and response.ok


def sign_in_partner_area(page: Page, account: tuple[str, str], target: str) -> None:
    """Open a protected partner-area page, get sent to /login, sign in and land back on the page."""
    page.goto(target)
    page.wait_for_url("**/login**")
    page.get_by_role("heading", name="Partner Portal").wait_for()
    page.get_by_label("Email").fill(account[0])
    page.get_by_label("Password").fill(account[1])
    page.get_by_role("button", name="Sign In", exact=True).click()
    page.wait_for_url(f"**{target}")


def sign_in_new_partner(page: Page, email: str) -> None:
    """Signing in from /login in the partner area goes to the portal, which sends a user without a partner account
    to the registration page."""
    page.goto("/login?platform=partner")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(toast(page, "Please register as a partner to access the portal.")).to_be_visible()
    page.wait_for_url("**/partner-registration")


def fill_registration(page: Page, company: str, contact: str, email: str, vendors: tuple[str, ...] = ("CrowdSec",)):
    form = page.get_by_role("form", name="Partner registration")
    form.get_by_label("Company Name *").fill(company)
    form.get_by_label("Company Website").fill("https://example.com")
    form.get_by_label("Contact Name *").fill(contact)
    form.get_by_label("Contact Email *").fill(email)
    form.get_by_label("City").fill("Dubai")
    for vendor in vendors:
        form.get_by_role("group", name=re.compile("Vendors")).get_by_label(vendor).check()
    form.get_by_role("group", name="Services you offer").get_by_label("Incident Response").check()
    return form


def register_new_partner(browser, site, company: str) -> tuple[Page, list[str], str]:
    """A visitor signs up, confirms, signs in and registers `company`; returns their signed-in page."""
    page, errors = open_page(browser, site)
    email = f"{unique('owner-')}@example.com"
    sign_up_and_confirm(page, site, "Noura Al Mansoori", email)
    sign_in_new_partner(page, email)
    form = fill_registration(page, company, "Noura Al Mansoori", email)
    form.get_by_role("button", name="Submit Registration").click()
    expect(page.get_by_role("heading", name="Registration Submitted")).to_be_visible()
    page.wait_for_url("**/vendors", timeout=10_000)
    return page, errors, email


def test_visitor_registers_as_a_partner_and_sees_the_pending_status(browser, site):
    page, errors = open_page(browser, site)
    email = f"{unique('visitor-')}@example.com"
    company = unique("Mirage Security ")

    sign_up_and_confirm(page, site, "Khalid Rahman", email)
    sign_in_new_partner(page, email)

    # The form page: portal and admin cards, back to vendors, and the rules.
    expect(page.get_by_role("heading", name="Partner Portal")).to_be_visible()
    expect(page.get_by_role("heading", name="Admin Portal")).to_be_visible()
    expect(page.get_by_role("link", name="Back to Vendors")).to_have_attribute("href", "/vendors")
    form = page.get_by_role("form", name="Partner registration")
    expect(form.get_by_label("Country")).to_have_value("United States")
    form.get_by_label("Company Name *").fill("A")
    form.get_by_label("Contact Name *").fill("K")
    form.get_by_label("Contact Email *").fill("not-an-email")
    form.get_by_role("button", name="Submit Registration").click()
    expect(form.get_by_text("Company name must be at least 2 characters")).to_be_visible()
    expect(form.get_by_text("Contact name must be at least 2 characters")).to_be_visible()
    expect(form.get_by_text("Please enter a valid email address")).to_be_visible()
    expect(form.get_by_text("Please select at least one vendor")).to_be_visible()
    expect(form.get_by_label("Company Name *")).to_be_focused()
    expect(form.get_by_label("Contact Email *")).to_have_attribute("aria-invalid", "true")

    form = fill_registration(page, company, "Khalid Rahman", email, ("CrowdSec", "ThreatDown"))
    form.get_by_role("button", name="Submit Registration").click()
    expect(toast(page, "Partner registration submitted successfully! We will review your application.")).to_be_visible()
    expect(page.get_by_role("heading", name="Registration Submitted")).to_be_visible()
    page.wait_for_url("**/vendors", timeout=10_000)

    # Back on the registration page the signed-in registrant sees the status instead of the form.
    page.goto("/partner-registration")
    expect(page.get_by_text("Your application is under review.")).to_be_visible()
    expect(page.get_by_role("heading", name=company)).to_be_visible()
    expect(page.get_by_role("form", name="Partner registration")).to_have_count(0)
    assert uncaught(errors) == []

    # Another visitor (not signed in) tries the same company name with a different contact email.
    other, other_errors = open_page(browser, site, MOBILE)
    other.goto("/partner-registration")
    form = fill_registration(other, company.upper(), "Someone Else", f"{unique('other-')}@example.com")
    form.get_by_role("button", name="Submit Registration").click()
    expect(form.get_by_role("button", name="Submit Registration")).to_be_visible()
    expect(toast(other, "A partner with this company name already exists.")).to_be_visible()
    assert uncaught(other_errors) == []
    other.context.close()
    page.context.close()


def review(admin: Page, company: str):
    row = admin.locator("tbody tr").filter(has_text=company)
    row.get_by_role("button", name="Review").click()
    dialog = admin.get_by_role("dialog", name="Partner Application Review")
    expect(dialog).to_be_visible()
    return dialog


def test_admin_reviews_a_partner_through_its_whole_life(browser, site):
    company = unique("Sandstone Cyber ")
    partner, partner_errors, partner_email = register_new_partner(browser, site, company)

    admin, admin_errors = open_page(browser, site)
    sign_in_partner_area(admin, ADMIN, "/partner-admin")
    expect(admin.get_by_role("heading", name="Partner Administration")).to_be_visible()
    expect(admin.get_by_text("Manage partner registrations and applications")).to_be_visible()
    expect(admin.get_by_text(ADMIN[0])).to_be_visible()
    expect(admin.locator("#main").get_by_role("radiogroup", name="Theme")).to_be_visible()

    # Search and filter find the application.
    rows = admin.locator("tbody tr")
    expect(rows.filter(has_text=company)).to_have_count(1)
    suspended_before = int(admin.get_by_test_id("count-suspended").inner_text())
    admin.get_by_placeholder("Search partners...").fill(company.lower())
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(company)
    expect(rows.first).to_contain_text(partner_email)
    expect(rows.first).to_contain_text("VENDOR")
    admin.get_by_label("Filter by status").select_option(label="Approved")
    expect(rows.filter(has_text=company)).to_have_count(0)
    admin.get_by_label("Filter by status").select_option(label="Pending")
    expect(rows.filter(has_text=company)).to_have_count(1)

    # Bulk mode: select-all covers the filtered rows.
    admin.get_by_role("button", name="Bulk Actions").click()
    admin.get_by_label("Select all partners").check()
    expect(admin.get_by_text("1 partner(s) selected")).to_be_visible()
    admin.get_by_role("button", name="Clear Selection").click()
    expect(admin.get_by_text("partner(s) selected")).to_have_count(0)
    admin.get_by_role("button", name="Bulk Actions").click()

    # Review: details, then Reject stays disabled until a reason has text; approve.
    dialog = review(admin, company)
    expect(dialog.get_by_text("Noura Al Mansoori")).to_be_visible()
    dialog.get_by_role("tab", name="Partnership").click()
    expect(dialog.get_by_text("Distribution Partner")).to_be_visible()
    dialog.get_by_role("tab", name="Actions").click()
    reject = dialog.get_by_role("button", name="Reject Partner")
    expect(reject).to_be_disabled()
    dialog.get_by_label("Rejection Reason").fill("   ")
    expect(reject).to_be_disabled()
    dialog.get_by_label("Rejection Reason").fill("No regional presence")
    expect(reject).to_be_enabled()
    dialog.get_by_label("Rejection Reason").fill("")
    expect(dialog.get_by_role("button", name="Suspend Partner")).to_have_count(0)
    dialog.get_by_label("Admin Notes").fill("Strong CrowdSec pipeline")
    dialog.get_by_role("button", name="Approve Partner").click()
    expect(toast(admin, "Partner has been approved.")).to_be_visible()
    expect(dialog).to_have_count(0)
    expect(rows.filter(has_text=company)).to_have_count(0)  # the list reloaded under the Pending filter
    admin.get_by_label("Filter by status").select_option(label="All Statuses")
    expect(rows.filter(has_text=company)).to_contain_text("approved")

    # The partner's portal: approved banner, progress, resources and profile editing.
    partner.goto("/partner-portal")
    expect(partner.get_by_role("heading", name=company)).to_be_visible()
    expect(partner.get_by_test_id("partner-status")).to_have_text("APPROVED")
    expect(partner.get_by_text("Congratulations! Your partner application has been approved.")).to_be_visible()
    expect(partner.get_by_role("progressbar", name="Partnership progress")).to_have_attribute("aria-valuenow", "75")
    expect(partner.get_by_text("Member since")).to_be_visible()
    partner.get_by_role("tab", name="Resources").click()
    expect(partner.get_by_role("heading", name="Documentation")).to_be_visible()
    expect(partner.get_by_role("heading", name="Recent Updates")).to_be_visible()
    partner.get_by_role("tab", name="Profile").click()
    partner.get_by_role("button", name="Edit Profile").click()
    partner.get_by_label("Description").fill("Managed detection for GCC logistics firms.")
    partner.get_by_label("Primary Contact Phone").fill("+971 50 765 4321")
    partner.get_by_role("button", name="Save Changes").click()
    expect(toast(partner, "Your partner profile has been updated successfully.")).to_be_visible()
    expect(partner.get_by_role("button", name="Edit Profile")).to_be_visible()
    partner.get_by_role("tab", name="Overview").click()
    expect(partner.get_by_text("Managed detection for GCC logistics firms.")).to_be_visible()

    # The profile page: edit, cancel restores, save persists.
    partner.goto("/partner-profile")
    expect(partner.get_by_label("Company Name")).to_have_value(company)
    expect(partner.get_by_label("Company Name")).not_to_be_editable()
    expect(partner.get_by_label("Country")).to_have_accessible_description("Contact support to change your country.")
    partner.get_by_role("button", name="Edit Profile").click()
    partner.get_by_label("Postal Code").fill("00000")
    partner.get_by_role("button", name="Cancel").click()
    expect(partner.get_by_label("Postal Code")).to_have_value("")
    partner.get_by_role("button", name="Edit Profile").click()
    partner.get_by_label("Postal Code").fill("12345")
    partner.get_by_role("button", name="Save Changes").click()
    expect(toast(partner, "Your partner profile has been successfully updated.")).to_be_visible()
    partner.reload()
    expect(partner.get_by_label("Postal Code")).to_have_value("12345")

    # Suspend: the portal shows the suspended banner and editing is gone.
    dialog = review(admin, company)
    dialog.get_by_role("tab", name="Actions").click()
    expect(dialog.get_by_label("Admin Notes")).to_have_value("Strong CrowdSec pipeline")
    expect(dialog.get_by_label("Rejection Reason")).to_have_count(0)
    dialog.get_by_role("button", name="Suspend Partner").click()
    expect(toast(admin, "Partner has been suspended.")).to_be_visible()
    expect(admin.locator("tbody tr").filter(has_text=company)).to_contain_text("suspended")
    expect(admin.get_by_test_id("count-suspended")).to_have_text(str(suspended_before + 1))

    partner.goto("/partner-portal")
    expect(partner.get_by_test_id("partner-status")).to_have_text("SUSPENDED")
    expect(partner.get_by_text("Your partner account has been temporarily suspended.")).to_be_visible()
    expect(partner.get_by_role("progressbar")).to_have_count(0)
    partner.get_by_role("tab", name="Profile").click()
    expect(partner.get_by_text("Profile editing is only available for approved partners.")).to_be_visible()
    expect(partner.get_by_role("tabpanel").get_by_role("button", name="Edit Profile")).to_have_count(0)
    partner.get_by_role("tab", name="Resources").click()
    expect(partner.get_by_text("Resources are only available to approved partners.")).to_be_visible()

    # Reactivate.
    dialog = review(admin, company)
    dialog.get_by_role("tab", name="Actions").click()
    dialog.get_by_role("button", name="Reactivate Partner").click()
    expect(toast(admin, "Partner has been approved.")).to_be_visible()
    expect(admin.locator("tbody tr").filter(has_text=company)).to_contain_text("approved")
    partner.reload()
    expect(partner.get_by_test_id("partner-status")).to_have_text("APPROVED")

    # Delete: dismissing the confirmation keeps the partner, accepting deletes it.
    questions: list[str] = []

    def answer(accept: bool) -> Callable[[Dialog], None]:
        def handle(browser_dialog: Dialog) -> None:
            questions.append(browser_dialog.message)
            browser_dialog.accept() if accept else browser_dialog.dismiss()
        return handle

    dialog = review(admin, company)
    dialog.get_by_role("tab", name="Actions").click()
    admin.once("dialog", answer(False))
    dialog.get_by_role("button", name="Delete Partner").click()
    eventually(lambda: len(questions) == 1, "the delete confirmation")
    assert questions[0] == "Are you sure you want to delete this partner? This action cannot be undone."
    dialog.get_by_role("button", name="Close").click()
    expect(admin.locator("tbody tr").filter(has_text=company)).to_have_count(1)
    expect(admin.locator("tbody tr").filter(has_text=company).get_by_role("button", name="Review")).to_be_focused()

    admin.once("dialog", answer(True))
    admin.get_by_role("button", name=f"Delete {company}").click()
    expect(toast(admin, "Partner has been successfully deleted.")).to_be_visible()
    assert company in questions[1] and questions[1].endswith("This action cannot be undone.")
    expect(admin.locator("tbody tr").filter(has_text=company)).to_have_count(0)

    # With the partner gone, the portal sends its former user back to registration.
    partner.goto("/partner-portal")
    partner.wait_for_url("**/partner-registration")
    assert uncaught(admin_errors) == []
    assert uncaught(partner_errors) == []
    admin.context.close()
    partner.context.close()


def test_visitor_registers_for_the_event_and_the_admin_exports_it(browser, site, tmp_path):
    page, errors = open_page(browser, site)
    email = f"{unique('attendee-')}@example.com"
    last_name = unique("Qasimi")
    page.goto("/crowdsec-event")
    expect(page.get_by_role("heading", name="What to Expect")).to_be_visible()
    for time_slot in ("2:00 PM", "2:30 PM", "3:30 PM", "4:30 PM"):
        expect(page.get_by_role("list").filter(has_text=time_slot).first).to_be_visible()

    # Validation: every field required; an edited field's error clears.
    form = page.get_by_role("form", name="Event registration")
    form.get_by_role("button", name="Register Now").click()
    expect(toast(page, "Please fix the errors in the form.")).to_be_visible()
    expect(form.get_by_text("First name must be at least 2 characters")).to_be_visible()
    expect(form.get_by_text("Last name must be at least 2 characters")).to_be_visible()
    expect(form.get_by_text("Company name must be at least 2 characters")).to_be_visible()
    expect(form.get_by_text("Please enter a valid phone number (at least 10 digits)")).to_be_visible()
    form.get_by_label("First Name *").fill("Mariam")
    expect(form.get_by_text("First name must be at least 2 characters")).to_have_count(0)
    expect(form.get_by_text("Last name must be at least 2 characters")).to_be_visible()

    def fill(first: str, last: str, phone: str = "+971 50 123 4567") -> None:
        form.get_by_label("First Name *").fill(first)
        form.get_by_label("Last Name *").fill(last)
        form.get_by_label("Email *").fill(email.upper())
        form.get_by_label("Phone *").fill(phone)
        form.get_by_label("Company Name *").fill("  Pearl Bay Bank  ")

    fill("Mariam", last_name, "12345")
    form.get_by_role("button", name="Register Now").click()
    expect(form.get_by_text("Please enter a valid phone number (at least 10 digits)")).to_be_visible()
    fill("Mariam", last_name)
    form.get_by_role("button", name="Register Now").click()
    expect(page.get_by_role("heading", name="Registration Confirmed!")).to_be_focused()
    expect(page.get_by_text(email)).to_be_visible()
    expect(toast(page, "Registration successful! We look forward to seeing you at the event.")).to_be_visible()

    eventually(lambda: mails_to(site, email), "the event confirmation mail")
    mail = latest_mail(site, email)
    assert "registration is confirmed" in mail["subject"].lower()
    assert "Mariam" in mail["text"]

    # The same email again is refused by the server; after five attempts a minute the limiter answers.
    page.get_by_role("button", name="Register Another Attendee").click()
    expect(form.get_by_label("First Name *")).to_be_focused()
    expect(form.get_by_label("Email *")).to_have_value("")
    for _ in range(4):
        fill("Hamad", last_name)
        form.get_by_role("button", name="Register Now").click()
        refusal = toast(page, "This email has already been registered for this event")
        expect(refusal).to_have_count(1)
        refusal.get_by_role("button", name="Close notification").click()
        expect(refusal).to_have_count(0)
    form.get_by_role("button", name="Register Now").click()
    limiter = toast(page, "before submitting again")
    expect(limiter).to_be_visible()
    assert re.fullmatch(r"Please wait \d+ seconds before submitting again", limiter.inner_text().splitlines()[0])
    assert uncaught(errors) == []

    # A non-admin is refused.
    reader, _ = open_page(browser, site)
    sign_in_partner_area(reader, PARTNER, "/event-registrations")
    expect(reader.get_by_role("heading", name="Access Denied")).to_be_visible()
    expect(reader.get_by_role("table")).to_have_count(0)
    reader.context.close()

    # The super-admin sees, searches and exports the registration.
    admin, admin_errors = open_page(browser, site)
    sign_in_partner_area(admin, ADMIN, "/event-registrations")
    expect(admin.get_by_role("heading", name="Event Registrations")).to_be_visible()
    rows = admin.locator("tbody tr")
    expect(rows.filter(has_text=email)).to_have_count(1)
    expect(admin.get_by_test_id("total-registrations")).not_to_have_text("0")
    expect(admin.get_by_test_id("today-registrations")).not_to_have_text("0")
    admin.get_by_placeholder("Search registrations...").fill(last_name.upper())
    expect(rows).to_have_count(1)
    row = rows.first
    expect(row).to_contain_text("Mariam")
    expect(row).to_contain_text("Pearl Bay Bank")
    with admin.expect_download() as download_info:
        admin.get_by_role("button", name="Export CSV").click()
    download = download_info.value
    assert re.fullmatch(r"event-registrations-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename)
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    table = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert table[0] == ["First Name", "Last Name", "Email", "Phone", "Company", "Registered Date"]
    assert len(table) == 2
    assert table[1][:5] == ["Mariam", last_name, email, "+971 50 123 4567", "Pearl Bay Bank"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", table[1][5])
    expect(toast(admin, "Registration data has been exported to CSV.")).to_be_visible()
    assert uncaught(admin_errors) == []
    admin.context.close()


def test_partner_and_event_pages_fit_a_390px_phone(browser, site):
    def fits(page: Page) -> bool:
        return page.evaluate("document.documentElement.scrollWidth") <= MOBILE["width"]

    admin, admin_errors = open_page(browser, site, MOBILE)
    sign_in_partner_area(admin, ADMIN, "/partner-admin")
    admin.locator("tbody tr").first.wait_for()
    assert fits(admin)
    table = admin.get_by_role("region", name="Partner applications table")
    assert table.evaluate("(node) => node.scrollWidth <= node.clientWidth")
    admin.locator("tbody tr").first.get_by_role("button", name="Review").click()
    dialog = admin.get_by_role("dialog", name="Partner Application Review")
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= MOBILE["width"]
    assert uncaught(admin_errors) == []
    admin.context.close()

    partner, partner_errors = open_page(browser, site, MOBILE)
    sign_in_partner_area(partner, PARTNER, "/partner-portal")
    expect(partner.get_by_test_id("partner-status")).to_be_visible()
    assert fits(partner)
    partner.goto("/partner-profile")
    expect(partner.get_by_label("Company Name")).to_be_visible()
    assert fits(partner)
    assert uncaught(partner_errors) == []
    partner.context.close()

    visitor, visitor_errors = open_page(browser, site, MOBILE)
    visitor.goto("/crowdsec-event")
    visitor.get_by_role("form", name="Event registration").get_by_role("button", name="Register Now").click()
    expect(visitor.get_by_text("Please enter a valid phone number (at least 10 digits)")).to_be_visible()
    assert fits(visitor)
    assert uncaught(visitor_errors) == []
    visitor.context.close()
