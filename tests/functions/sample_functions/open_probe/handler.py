"""A function that does not require a JWT; echoes the claims it was given."""

from functions._runtime import FunctionContext, FunctionRequest, FunctionResponse


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    return FunctionResponse({"claims": request.claims})
