// verify_jwt = false in config.toml: a webhook's sender has no JWT.
Deno.serve(() => Response.json({ open: true }));
