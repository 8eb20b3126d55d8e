"""Answers {"name": ...} with a greeting at /functions/v1/{slug} (`gateway serve`)."""

from gateway.functions.api import FunctionContext, FunctionError, FunctionRequest, FunctionResponse


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    name = request.body.get("name") if isinstance(request.body, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise FunctionError("name is required")
    return FunctionResponse({"message": f"Hello {name}!"})
