"""A function that does not require a JWT; echoes the claims it was given."""

from gateway.functions.api import FunctionContext, FunctionRequest, FunctionResponse


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    return FunctionResponse({"claims": request.claims})
