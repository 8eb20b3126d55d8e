"""What a process the gateway starts may hold of it: stdin, stdout and stderr, nothing else (not the API's listening
socket, nor a client's connection, nor a database session), and, when asked, no life beyond its parent's.

asyncio's own loop closes a child's other descriptors (`close_fds`), but uvloop ignores `close_fds` and hands on
every inheritable one, so the child marks them all close-on-exec itself, on either loop. It marks rather than
closes: under uvloop this runs before libuv has moved the child's pipes to 0, 1 and 2.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import signal
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

PR_SET_PDEATHSIG = 1
OPEN_DESCRIPTORS = "/proc/self/fd" if sys.platform.startswith("linux") else "/dev/fd"


def end_with_parent(parent: int, sig: signal.Signals) -> None:
    """Asks Linux for `sig` when the thread that forked this process ends, as it does when its process is killed with
    kill -9, which leaves it no chance to stop its children (elsewhere the process lives on until stopped).
    `parent` is the forking process's id."""
    prctl = _prctl()
    if prctl is None:
        return
    prctl(PR_SET_PDEATHSIG, sig)
    if os.getppid() != parent:  # the parent died before the request took effect
        os.kill(os.getpid(), sig)


async def start_child(*command: str, end_with_parent_by: signal.Signals | None = None,
                      **options: Any) -> asyncio.subprocess.Process:
    """`asyncio.create_subprocess_exec(*command, **options)` holding only stdin, stdout and stderr, and, if
    `end_with_parent_by` is given, sent it when the event loop's thread (with it, usually, this process) ends."""
    return await asyncio.create_subprocess_exec(*command, close_fds=True, preexec_fn=child_setup(end_with_parent_by),
                                                **options)


def child_setup(end_with_parent_by: signal.Signals | None) -> Callable[[], None]:
    """What the child runs between fork and exec (a `preexec_fn`): it keeps only stdin, stdout and stderr across the
    exec, and ends by `end_with_parent_by` with the thread that starts it, if given."""
    parent = os.getpid()
    _prctl()  # looked up now: the child must not load libraries

    def setup() -> None:
        _keep_only_stdio()
        if end_with_parent_by is not None:
            end_with_parent(parent, end_with_parent_by)

    return setup


def _keep_only_stdio() -> None:
    """Every descriptor past stderr close-on-exec."""
    for name in os.listdir(OPEN_DESCRIPTORS):
        descriptor = int(name)
        if descriptor > 2:
            try:
                os.set_inheritable(descriptor, False)
            except OSError:  # the listing's own descriptor, closed since
                pass


@cache
def _prctl() -> Callable[..., int] | None:
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
