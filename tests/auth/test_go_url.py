"""gateway.auth.go_url against Go's own cases: net/url's TestParseRequestURI table (Go 1.26) and url.Parse errors,
so GoTrue's redirect and client URI checks refuse what Go refuses."""

from __future__ import annotations

import pytest

from gateway.auth import go_url

# net/url's parseRequestURLTests.
REQUEST_URIS = [
    ("http://foo.com", True), ("http://foo.com/", True), ("http://foo.com/path", True), ("/", True),
    ("//not.a.user@not.a.host/just/a/path", True), ("//not.a.user@%66%6f%6f.com/just/a/path/also", True),
    ("*", True), ("http://192.168.0.1/", True), ("http://192.168.0.1:8080/", True), ("http://[fe80::1]/", True),
    ("http://[fe80::1]:8080/", True), ("http://[fe80::1%25en0]/", True), ("http://[fe80::1%25en0]:8080/", True),
    ("http://[fe80::1%25%65%6e%301-._~]/", True), ("http://[fe80::1%25%65%6e%301-._~]:8080/", True),
    ("foo.html", False), ("../dir/", False), (" http://foo.com", False), ("http://192.168.0.%31/", False),
    ("http://192.168.0.%31:8080/", False), ("http://[fe80::%31]/", False), ("http://[fe80::%31]:8080/", False),
    ("http://[fe80::%31%25en0]/", False), ("http://[fe80::%31%25en0]:8080/", False),
    ("http://[fe80::1%en0]/", False), ("http://[fe80::1%en0]:8080/", False),
    ("https://[1:2:3:4:5:6:7:8]", True), ("https://[2001:db8::a:b:c:d]", True), ("https://[fe80::1%25eth0]", True),
    ("https://[fe80::abc:def%254]", True), ("https://[2001:db8::1]/path", True),
    ("https://[fe80::1%25eth0]/path?query=1", True), ("https://[::ffff:192.0.2.1]", True),
    ("https://[:1] ", False), ("https://[1:2:3:4:5:6:7:8:9]", False), ("https://[1::1::1]", False),
    ("https://[1:2:3:]", False), ("https://[ffff::127.0.0.4000]", False), ("https://[0:0::test.com]:80", False),
    ("https://[2001:db8::test.com]", False), ("https://[test.com]", False), ("https://1:2:3:4:5:6:7:8", False),
    ("https://1:2:3:4:5:6:7:8:80", False), ("https://example.com:80:", False),
]


@pytest.mark.parametrize(("url", "valid"), REQUEST_URIS)
def test_parse_request_uri_accepts_what_go_accepts(url, valid):
    try:
        go_url.parse_request_uri(url)
    except go_url.GoURLError:
        assert not valid, f"Go accepts {url!r}"
    else:
        assert valid, f"Go refuses {url!r}"


@pytest.mark.parametrize("url", [
    "https://example.com:abc/x", "https://ü@example.com/", "https://example.com/%zz", "://x", "1a:b/x",
    "https://a{b}/", "https://[1.2.3.4]/", "https://[v1.x]/", "https://x/#%zz", "http://a\nb/", "https://a[b]/",
])
def test_parse_refuses_what_go_refuses(url):
    with pytest.raises(go_url.GoURLError):
        go_url.parse(url)


@pytest.mark.parametrize(("url", "scheme", "host", "hostname", "fragment"), [
    ("HTTP://[::1]:8080/cb#", "http", "[::1]:8080", "::1", False),
    ("myapp://callback/x?y#z", "myapp", "callback", "callback", True),
    ("com.example.app:/oauth", "com.example.app", "", "", False),
    ("https://user:pw@localhost:3000/", "https", "localhost:3000", "localhost", False),
])
def test_parse_finds_scheme_host_and_fragment(url, scheme, host, hostname, fragment):
    parsed = go_url.parse(url)
    assert (parsed.scheme, parsed.host, parsed.hostname, parsed.has_fragment) == (scheme, host, hostname, fragment)
