"""Sign-in through external OAuth 2 and OpenID providers, as GoTrue's `external` API does it."""
