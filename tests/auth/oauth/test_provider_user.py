"""What GitHub's and an OpenID provider's answers become: the subject, the addresses GoTrue may link by, and the
identity data. GitHub's answers are the examples of its REST API documentation (GET /user, GET /user/emails)."""

from __future__ import annotations

import pytest

from gateway.auth.external.provider_user import ProviderEmail, from_github, from_oidc_claims, with_apple_name

GITHUB_USER = {
    "login": "octocat", "id": 1, "node_id": "MDQ6VXNlcjE=",
    "avatar_url": "https://github.com/images/error/octocat_happy.gif", "gravatar_id": "",
    "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat", "type": "User",
    "site_admin": False, "name": "monalisa octocat", "company": "GitHub", "blog": "https://github.com/blog",
    "location": "San Francisco", "email": "octocat@github.com", "hireable": False,
    "bio": "There once was...", "twitter_username": "monatheoctocat", "public_repos": 2, "followers": 20,
    "created_at": "2008-01-14T04:33:35Z", "updated_at": "2008-01-14T04:33:35Z",
}
GITHUB_EMAILS = [
    {"email": "octocat@github.com", "verified": True, "primary": True, "visibility": "public"},
    {"email": "octocat@octo.example", "verified": False, "primary": False, "visibility": None},
]


def test_githubs_documented_user_and_emails_become_gotrues_identity():
    person = from_github("https://api.github.com", GITHUB_USER, GITHUB_EMAILS)
    assert person.subject == "1"
    assert person.emails == (ProviderEmail("octocat@github.com", True, True),
                             ProviderEmail("octocat@octo.example", False, False))
    assert person.chosen_email == ProviderEmail("octocat@github.com", True, True)
    assert person.identity_data == {
        "iss": "https://api.github.com", "sub": "1", "name": "monalisa octocat", "preferred_username": "octocat",
        "avatar_url": "https://github.com/images/error/octocat_happy.gif", "full_name": "monalisa octocat",
        "provider_id": "1", "user_name": "octocat", "email": "octocat@github.com", "email_verified": True,
        "phone_verified": False,
    }


def test_a_github_user_without_a_primary_address_gets_the_last_one_listed_unverified():
    person = from_github("https://api.github.com", {"id": 7, "login": "ghost"},
                         [{"email": "a@example.com", "verified": True, "primary": False},
                          {"email": "b@example.com", "verified": False, "primary": False}, {"email": ""}])
    assert [email.address for email in person.emails] == ["a@example.com", "b@example.com"]
    assert person.identity_data["email"] == "b@example.com" and person.identity_data["email_verified"] is False
    assert "name" not in person.identity_data


def test_a_github_user_without_addresses_has_none():
    person = from_github("https://ghe.example.com/api/v3", {"id": 9, "login": "private"}, [])
    assert person.emails == () and person.chosen_email is None
    assert "email" not in person.identity_data and person.identity_data["iss"] == "https://ghe.example.com/api/v3"


def test_openid_claims_keep_the_standard_ones_that_are_set():
    person = from_oidc_claims({"iss": "https://id.example.com", "sub": "248289761001", "aud": "client",
                               "name": "Jane Doe", "picture": "https://id.example.com/jane.jpg", "nickname": "",
                               "email": "Jane@Example.com", "email_verified": "true", "at_hash": "x",
                               "nonce": "n"})
    assert person.subject == "248289761001"
    assert person.emails == (ProviderEmail("Jane@Example.com", False, True),)  # "true" is no boolean
    assert person.identity_data == {
        "iss": "https://id.example.com", "sub": "248289761001", "aud": "client", "name": "Jane Doe",
        "picture": "https://id.example.com/jane.jpg", "email": "Jane@Example.com", "email_verified": False,
        "phone_verified": False, "full_name": "Jane Doe", "avatar_url": "https://id.example.com/jane.jpg",
        "provider_id": "248289761001",
    }


def test_apples_first_sign_in_names_its_user_in_the_form_posts_user_field():
    person = from_oidc_claims({"sub": "001234.abcd", "email": "jane@privaterelay.appleid.com", "email_verified": True})
    named = with_apple_name(person, '{"name": {"firstName": "Jane", "lastName": "Doe"}, "email": "jane@example.com"}')
    assert (named.identity_data["name"], named.identity_data["full_name"]) == ("Jane Doe", "Jane Doe")
    assert named.subject == person.subject and named.emails == person.emails
    assert with_apple_name(person, '{"email": "jane@example.com"}') == person
    with pytest.raises(ValueError):
        with_apple_name(person, "not json")
