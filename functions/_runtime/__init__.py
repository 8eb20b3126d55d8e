"""The contract between the functions runtime and the handlers in `functions/<name>/handler.py`."""

from functions._runtime.contract import (
    Database,
    FunctionContext,
    FunctionError,
    FunctionRequest,
    FunctionResponse,
    Handler,
    MailDeliveryError,
    Mailer,
)

__all__ = [
    "Database",
    "FunctionContext",
    "FunctionError",
    "FunctionRequest",
    "FunctionResponse",
    "Handler",
    "MailDeliveryError",
    "Mailer",
]
