"""The Users view's search in the real Chromium: it searches every user the auth service holds, not the page shown."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.support.live import LiveGateway

PER_PAGE = 50
FILLERS = PER_PAGE + 5


@pytest.fixture(scope="module")
def early_user(studio: LiveGateway) -> str:
    """A user made before more than a page of others: the list, newest first, shows it only on its last page."""
    service = {"apikey": studio.service_key, "Authorization": f"Bearer {studio.service_key}"}
    with httpx.Client(base_url=studio.url, headers=service) as client:
        for email in ["early.bird@example.com", *(f"filler{n:02}@example.com" for n in range(FILLERS))]:
            answer = client.post("/auth/v1/admin/users", json={"email": email, "email_confirm": True})
            assert answer.status_code == 200, answer.text
            if email.startswith("early"):
                early = answer.json()["id"]
    return early


def test_a_user_beyond_the_first_page_is_found_by_email_or_id(page: Page, early_user: str) -> None:
    page.get_by_role("link", name="Users").click()
    users = page.get_by_role("table", name="Users")
    expect(users.locator("tbody tr")).to_have_count(PER_PAGE)
    expect(users).not_to_contain_text("early.bird@example.com")
    page.get_by_label("Search all users").fill("EARLY.Bird")
    expect(users.locator("tbody tr")).to_have_count(1)
    expect(users.locator("tbody tr")).to_contain_text("early.bird@example.com")
    page.get_by_label("Search all users").fill(early_user[:13].upper())
    expect(users.locator("tbody tr")).to_have_count(1)
    expect(users.locator("tbody tr")).to_contain_text("early.bird@example.com")
    page.get_by_label("Search all users").fill("no such user")
    expect(page.get_by_text("No users match this search.")).to_be_visible()


def test_the_results_of_a_search_are_paged(page: Page, early_user: str) -> None:
    page.get_by_role("link", name="Users").click()
    page.get_by_label("Search all users").fill("filler")
    users = page.get_by_role("table", name="Users")
    expect(page.get_by_text(f"Page 1 · {FILLERS} found")).to_be_visible()
    expect(users.locator("tbody tr")).to_have_count(PER_PAGE)
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text(f"Page 2 · {FILLERS} found")).to_be_visible()
    expect(users.locator("tbody tr")).to_have_count(FILLERS - PER_PAGE)
    expect(users.locator("tbody tr").last).to_contain_text("filler00@example.com")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()


def test_a_bad_page_number_is_refused_in_words(studio: LiveGateway) -> None:
    answer = httpx.get(f"{studio.url}/_/api/users", params={"search": "x", "page": "two"},
                       headers={"Authorization": f"Bearer {studio.service_key}"})
    assert answer.status_code == 400
    assert answer.json() == {"message": 'Bad Pagination Parameters: strconv.ParseUint: parsing "two": invalid syntax'}
