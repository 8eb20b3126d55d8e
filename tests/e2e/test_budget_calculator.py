"""The budget calculator in Chromium at 1280x800 and 390x844 (spec 2 sections 5 and 9; issue 20 items 2 and 8)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def calculate(page: Page, size: str, industry: str, budget: str, tolerance: str) -> None:
    page.get_by_label("Company Size (employees)").select_option(label=size)
    page.get_by_label("Industry").select_option(value=industry)
    page.get_by_label("Current Annual Security Budget (USD)").fill(budget)
    page.get_by_label("Risk Tolerance").select_option(value=tolerance)
    page.get_by_role("button", name="Calculate Budget").click()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_invalid_budget_input_counts_as_zero_and_figures_follow_the_inputs(browser, site, viewport):
    page, errors = open_page(browser, site, viewport)
    page.goto("/budget-calculator")
    total, risk = page.get_by_test_id("summary-total-budget"), page.get_by_test_id("summary-risk-level")

    calculate(page, "201-500", "technology", "5000000", "medium")
    expect(total).to_have_text("$1,100,000")
    expect(risk).to_have_text("Low")

    # 1000 x 2200 x 0.9 x 1 = 1,980,000; a budget counted as 0 is below 0.3 of it.
    for budget in ("1e", "--5", "1.5e", "-5000", ""):
        calculate(page, "501-1000", "manufacturing", budget, "medium")
        expect(page.get_by_label("Current Annual Security Budget (USD)")).to_have_value(budget)
        expect(total).to_have_text("$1,980,000")
        expect(risk).to_have_text("Critical")
        page.get_by_role("tab", name="Budget Planning").click()
        row = page.get_by_role("row", name="Network Security")
        expect(row.get_by_role("cell")).to_have_text(["25%", "$495,000", "$0", "$495,000"])
        page.get_by_role("tab", name="Executive Summary").click()
        calculate(page, "201-500", "technology", "5000000", "medium")
        expect(total).to_have_text("$1,100,000")

    # Changing an input after a calculation changes the figures with it.
    page.get_by_label("Current Annual Security Budget (USD)").fill("100000")
    expect(risk).to_have_text("Critical")
    page.get_by_label("Company Size (employees)").select_option(label="1-50")
    expect(total).to_have_text("$110,000")
    expect(risk).to_have_text("Low")
    assert errors == []
    page.context.close()


def test_the_tab_strip_shows_every_tab_on_a_phone(browser, site):
    page, _ = open_page(browser, site, PHONE)
    page.goto("/budget-calculator")
    tablist = page.get_by_role("tablist", name="Budget analysis")
    expect(tablist.get_by_role("tab")).to_have_count(6)
    assert tablist.evaluate("node => node.scrollWidth <= node.clientWidth")
    for tab in tablist.get_by_role("tab").all():
        box = tab.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], tab.inner_text()
        assert tab.evaluate("node => node.scrollWidth <= node.clientWidth"), tab.inner_text()
    page.context.close()
