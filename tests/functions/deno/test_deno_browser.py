"""A real Chromium calling a Deno function from another origin, as a site calls `functions.invoke`: the preflight
passes, the answer and a stream reach the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.functions.test_browser_cors import CALL, page_on_another_origin
from tests.support.live import LiveGateway

READ_STREAM = """async ([url, key]) => {
  const response = await fetch(url, { headers: { 'Authorization': `Bearer ${key}`, 'apikey': key } })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const chunks = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return chunks
    chunks.push(decoder.decode(value))
  }
}"""


@pytest.fixture(scope="module")
def other_origin_page(browser: Browser, deno_gateway: LiveGateway) -> Iterator[Page]:
    with page_on_another_origin(browser, deno_gateway) as page:
        yield page


def test_a_cross_origin_browser_call_to_a_deno_function(deno_gateway: LiveGateway, other_origin_page: Page):
    answer = other_origin_page.evaluate(CALL, [f"{deno_gateway.url}/functions/v1/echo/form", deno_gateway.anon_key,
                                               {"from": "Chromium"}])
    assert answer["status"] == 200
    assert answer["body"]["pathname"] == "/echo/form" and answer["body"]["body"] == '{"from":"Chromium"}'


def test_a_browser_reads_a_function_s_stream_chunk_by_chunk(deno_gateway: LiveGateway, other_origin_page: Page):
    chunks = other_origin_page.evaluate(READ_STREAM, [f"{deno_gateway.url}/functions/v1/echo/stream?count=3",
                                                      deno_gateway.anon_key])
    events = [line for chunk in chunks for line in chunk.split("\n") if line.startswith("data: ")]
    assert [event.split()[1:3] for event in events] == [["tick", "0"], ["tick", "1"], ["tick", "2"]]
    assert len(chunks) >= 3, "the events arrived as they were sent, not as one body"
