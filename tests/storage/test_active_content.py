"""Nothing uploaded to Storage runs on the API's origin (where supabase-js keeps its session): pages, SVG and XML
uploaded by a user are opened in the real Chromium from the public, authenticated-download and signed URLs, and no
script of theirs runs; images and renders still display."""

from __future__ import annotations

import io

import httpx
import pytest
from PIL import Image

SCRIPT = "document.title = 'ran'; window.ran = true; localStorage.setItem('stolen', 'yes')"
ACTIVE = {
    "page.html": ("text/html; charset=utf-8", f"<!doctype html><title>page</title><script>{SCRIPT}</script>"),
    "drawing.svg": ("image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                     f'<script>{SCRIPT}</script><rect width="10" height="10"/></svg>'),
    "feed.xml": ("text/xml", '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>'
                             f'<script>{SCRIPT}</script></body></html>'),
    "app.js": ("application/javascript", SCRIPT),
}


@pytest.fixture(scope="module", params=["file"])
def backend(request: pytest.FixtureRequest) -> str:
    """The folder backend only: the headers are set above the backend (serve.py), and a gateway on the S3 backend
    cannot start while this module's Chromium keeps Playwright's event loop running in the thread."""
    return request.param


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (0, 90, 200)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def uploaded(world, gateway) -> dict[str, dict[str, str]]:
    """Each file's public and signed URL, uploaded by an ordinary user into their folder of the public bucket."""
    token = world.token(world.user_a)
    urls: dict[str, dict[str, str]] = {}
    with httpx.Client(base_url=f"{gateway.url}/storage/v1", headers=gateway.headers(token), timeout=30) as http:
        for name, (content_type, body) in {**ACTIVE, "photo.png": ("image/png", png())}.items():
            path = f"{world.user_a}/{name}"
            answer = http.post(f"/object/avatars/{path}", content=body,
                               headers={"Content-Type": content_type, "x-upsert": "true"})
            assert answer.status_code == 200, answer.text
            signed = http.post(f"/object/sign/avatars/{path}", json={"expiresIn": 600})
            assert signed.status_code == 200, signed.text
            urls[name] = {"public": f"{gateway.url}/storage/v1/object/public/avatars/{path}",
                          "signed": f"{gateway.url}/storage/v1{signed.json()['signedURL']}"}
    return urls


@pytest.mark.parametrize("route", ["public", "signed"])
def test_uploaded_pages_svg_and_xml_run_no_script_in_chromium(uploaded, gateway, browser, route):
    context = browser.new_context()
    try:
        page = context.new_page()
        for name in ACTIVE:
            page.goto(uploaded[name][route])
            assert page.title() != "ran", name
            assert page.evaluate("window.ran === undefined"), name
        page.goto(f"{gateway.url}/storage/v1/version")
        assert page.evaluate("localStorage.getItem('stolen')") is None
    finally:
        context.close()


def test_an_uploaded_script_cannot_be_loaded_as_a_script_of_the_origin(uploaded, gateway, browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{gateway.url}/storage/v1/version")
        loaded = page.evaluate("""url => new Promise(done => {
            const tag = document.createElement('script');
            tag.src = url;
            tag.onload = () => done('loaded');
            tag.onerror = () => done('refused');
            document.head.appendChild(tag);
        })""", uploaded["app.js"]["public"])
        assert loaded == "refused"
        assert page.evaluate("window.ran === undefined")
    finally:
        context.close()


def test_images_still_display_when_opened(uploaded, browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(uploaded["photo.png"]["public"])
        assert page.evaluate("document.images[0].complete && document.images[0].naturalWidth") == 40
    finally:
        context.close()


@pytest.mark.parametrize("name", list(ACTIVE))
def test_every_object_route_serves_active_types_inert(uploaded, world, gateway, name):
    token = world.token(world.user_a)
    path = f"{world.user_a}/{name}"
    answers = [
        httpx.get(uploaded[name]["public"]),
        httpx.get(uploaded[name]["signed"]),
        httpx.get(f"{gateway.url}/storage/v1/object/authenticated/avatars/{path}", headers=gateway.headers(token)),
        httpx.head(uploaded[name]["public"]),
    ]
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "sandbox" in answer.headers["content-security-policy"]
        essence = answer.headers["content-type"].split(";")[0]
        assert essence not in {"text/html", "application/javascript"}
    if name == "page.html":
        assert answers[0].headers["content-type"] == "text/plain; charset=utf-8"
        assert answers[0].text == ACTIVE[name][1]


def test_image_renders_carry_the_same_protection(uploaded, world, gateway):
    rendered = httpx.get(uploaded["photo.png"]["public"].replace("/object/public/", "/render/image/public/"),
                         params={"width": 20})
    assert rendered.status_code == 200, rendered.text
    assert rendered.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in rendered.headers["content-security-policy"]
    assert Image.open(io.BytesIO(rendered.content)).size == (20, 15)
