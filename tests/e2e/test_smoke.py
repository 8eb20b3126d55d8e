"""The built site loads in a real Chromium from the gateway, with its runtime configuration."""

from tests.e2e.conftest import MOBILE, open_page


def test_home_page_renders_without_console_errors(page, site):
    browser_page, errors = page
    browser_page.goto("/")
    browser_page.get_by_role("link", name="TICKETING SYSTEM LOGIN").first.wait_for()
    assert browser_page.evaluate("window.__SUPABASE_CONFIG__.anonKey") == site.publishable_key
    assert errors == []


def test_unknown_path_shows_the_404_page(page):
    browser_page, _ = page
    browser_page.goto("/no-such-page")
    browser_page.get_by_text("Oops! Page not found").wait_for()
    assert browser_page.get_by_role("link", name="home").first.is_visible() or browser_page.get_by_role(
        "link", name="Return to Home").first.is_visible()


def test_mobile_menu_toggles_the_navigation(browser, site):
    browser_page, errors = open_page(browser, site, MOBILE)
    browser_page.goto("/")
    toggle = browser_page.get_by_role("button", name="menu", exact=False).first
    toggle.click()
    browser_page.get_by_role("link", name="CONTACT").last.wait_for(state="visible")
    assert errors == []
    browser_page.context.close()
