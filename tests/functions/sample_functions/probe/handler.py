"""A function for testing the runtime: the body's `action` decides what it does."""

import asyncio

from gateway.functions.api import FunctionContext, FunctionError, FunctionRequest, FunctionResponse


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    action = (request.body or {}).get("action", "echo") if isinstance(request.body, dict) else "echo"
    if action == "sleep":
        await asyncio.sleep(5)
    if action == "crash":
        raise RuntimeError("secret detail: the vault combination is 1234")
    if action == "refuse":
        raise FunctionError("name is required")
    if action == "wrong-return":
        return {"not": "a FunctionResponse"}
    if action == "whoami":
        async with ctx.db.transaction() as conn:
            cur = await conn.execute("select current_user, current_setting('request.jwt.claims', true)")
            user, claims = await cur.fetchone()
        return FunctionResponse({"user": user, "claims": claims})
    if action == "mail":
        mail_id = await ctx.mailer.send(request.body["to"], "Probe", "plain text", "<p>html</p>", kind="probe")
        return FunctionResponse({"mail_id": mail_id}, status=201, headers={"X-Probe": "yes"})
    return FunctionResponse({
        "method": request.method,
        "path": request.path,
        "body": request.body,
        "claims": request.claims,
        "client_ip": request.client_ip,
        "greeting": ctx.settings["greeting"],
        "settings": sorted(ctx.settings),
        "request_id": request.request_id,
    })
