"""Serverless functions, one folder each (`send_contact_email/` is served as `send-contact-email`).

A function folder holds `function.toml` (its configuration) and `handler.py` with
`async def handle(request, ctx)`. Handlers import only `gateway.functions.api`, never the gateway's internals.
"""
