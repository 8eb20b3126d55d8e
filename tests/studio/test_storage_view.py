"""The studio's storage view in the real Chromium: a bucket made and a file uploaded in the browser are what
storage-js downloads."""

from __future__ import annotations

import base64
import json
import subprocess
from pathlib import Path

import psycopg
import pytest
from playwright.sync_api import Page, expect

from tests.support.live import LiveGateway
from tests.support.node import NODE_DIR

ONE_PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def storage_js_download(studio: LiveGateway, bucket: str, path: str) -> dict:
    result = subprocess.run(["node", str(Path(__file__).parent / "storage_js_download.mjs")], cwd=NODE_DIR,
                            env={"PATH": "/usr/bin:/bin", "GATEWAY_URL": studio.url, "SERVICE_ROLE_KEY": studio.service_key,
                                 "BUCKET": bucket, "OBJECT_PATH": path},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.node  # through a helper that runs Node
def test_a_file_uploaded_in_the_browser_is_downloaded_by_storage_js(page: Page, studio: LiveGateway,
                                                                    db: psycopg.Connection) -> None:
    page.get_by_role("link", name="Storage").click()
    form = page.get_by_role("form", name="Create a bucket")
    form.get_by_label("Bucket name").fill("reports")
    form.get_by_label("Size limit").fill("1MB")
    form.get_by_role("button", name="Create bucket").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("reports")
    assert db.execute("select public, file_size_limit from storage.buckets where id = 'reports'").fetchone() == (
        False, 1_000_000)

    page.get_by_label("Upload files (or drop them here)").set_input_files(
        {"name": "summary.txt", "mimeType": "text/plain", "buffer": b"quarterly summary\n"})
    files = page.get_by_role("table", name="Files")
    expect(files).to_contain_text("summary.txt")
    expect(files).to_contain_text("text/plain")
    assert storage_js_download(studio, "reports", "summary.txt") == {"text": "quarterly summary\n",
                                                                      "type": "text/plain"}

    page.once("dialog", lambda dialog: dialog.accept())
    files.get_by_role("button", name="Delete summary.txt").click()
    expect(page.get_by_text("This folder is empty.")).to_be_visible()
    assert "error" in storage_js_download(studio, "reports", "summary.txt")


def test_a_bad_limit_and_a_file_over_the_limit_are_refused_in_words(page: Page) -> None:
    page.get_by_role("link", name="Storage").click()
    form = page.get_by_role("form", name="Create a bucket")
    form.get_by_label("Bucket name").fill("tiny")
    form.get_by_label("Size limit").fill("10")
    form.get_by_role("button", name="Create bucket").click()
    expect(form.get_by_role("alert")).to_contain_text("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
    form.get_by_label("Size limit").fill("10B")
    form.get_by_role("button", name="Create bucket").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("tiny")
    page.get_by_label("Upload files (or drop them here)").set_input_files(
        {"name": "big.txt", "mimeType": "text/plain", "buffer": b"more than ten bytes"})
    expect(page.get_by_role("alert")).to_contain_text("big.txt: The object exceeded the maximum allowed size")


@pytest.mark.node  # through a helper that runs Node
def test_an_image_is_previewed_and_a_file_moved(page: Page, studio: LiveGateway) -> None:
    page.get_by_role("link", name="Storage").click()
    page.get_by_role("navigation", name="Buckets").get_by_role("button", name="reports").click()
    upload = page.get_by_label("Upload files (or drop them here)")
    upload.set_input_files({"name": "dot.png", "mimeType": "image/png", "buffer": ONE_PIXEL_PNG})
    files = page.get_by_role("table", name="Files")
    files.get_by_role("button", name="dot.png", exact=True).click()
    image = page.get_by_role("img", name="Preview of dot.png")
    expect(image).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth === 1", arg=image.element_handle())

    upload.set_input_files({"name": "draft.txt", "mimeType": "text/plain", "buffer": b"draft"})
    page.once("dialog", lambda dialog: dialog.accept("archive/draft.txt"))
    files.get_by_role("button", name="Move draft.txt").click()
    expect(page.get_by_text("Moved draft.txt to archive/draft.txt.")).to_be_visible()
    files.get_by_role("button", name="archive/").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("reports / archive")
    expect(files).to_contain_text("draft.txt")
    assert storage_js_download(studio, "reports", "archive/draft.txt")["text"] == "draft"
    assert "error" in storage_js_download(studio, "reports", "draft.txt")
