"""A small real SMTP server for tests (no aiosmtpd on the machine): asyncio in a thread, whose greeting can be held
back (a mail server that accepts connections and says nothing) until the test releases it. It offers AUTH PLAIN and
no STARTTLS, and records every login it receives."""

from __future__ import annotations

import asyncio
import base64
import threading
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage


@dataclass
class SmtpServer:
    port: int
    held: bool = False
    bind: str = "127.0.0.1"  # 0.0.0.0: reachable on this machine's other addresses too
    messages: list[EmailMessage] = field(default_factory=list)
    logins: list[tuple[str, str]] = field(default_factory=list)
    greeted: int = 0
    _loop: asyncio.AbstractEventLoop | None = None
    _server: asyncio.AbstractServer | None = None
    _thread: threading.Thread | None = None
    _sessions: set = field(default_factory=set)
    _greeting: asyncio.Event | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def received_by(self, address: str) -> list[EmailMessage]:
        return [m for m in list(self.messages) if m["To"] == address]

    def start(self) -> SmtpServer:
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._greeting = asyncio.Event()
            if not self.held:
                self._greeting.set()
            self._server = self._loop.run_until_complete(
                asyncio.start_server(self._session, self.bind, self.port, reuse_address=True))
            ready.set()
            self._loop.run_forever()
            self._loop.close()

        self._thread = threading.Thread(target=run, name=f"smtp-{self.port}", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the test SMTP server did not start")
        return self

    def hold(self) -> None:
        """Connections from now on wait for `release()` before the server greets them."""
        self._loop.call_soon_threadsafe(self._greeting.clear)

    def release(self) -> None:
        self._loop.call_soon_threadsafe(self._greeting.set)

    def stop(self) -> None:
        async def close() -> None:
            self._server.close()
            for session in list(self._sessions):  # a client still waiting for a held greeting
                session.cancel()
            await asyncio.gather(*self._sessions, return_exceptions=True)
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._sessions.add(asyncio.current_task())
        try:
            await self._greeting.wait()
            self.greeted += 1
            writer.write(b"220 test-smtp ready\r\n")
            while line := await reader.readline():
                words = line.decode(errors="replace").strip().split(" ")
                verb = words[0].upper()
                if verb == "EHLO":
                    writer.write(b"250-test-smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n")
                elif verb == "AUTH":
                    _, user, password = base64.b64decode(words[2]).decode().split("\0")
                    self.logins.append((user, password))
                    writer.write(b"235 authenticated\r\n")
                elif verb == "DATA":
                    writer.write(b"354 go ahead\r\n")
                    await writer.drain()
                    data = await reader.readuntil(b"\r\n.\r\n")
                    body = data[:-5].replace(b"\r\n..", b"\r\n.")
                    self.messages.append(message_from_bytes(body, policy=policy.default))
                    writer.write(b"250 queued\r\n")
                elif verb == "QUIT":
                    writer.write(b"221 bye\r\n")
                    await writer.drain()
                    break
                else:  # HELO, MAIL, RCPT, RSET, NOOP
                    writer.write(b"250 ok\r\n")
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._sessions.discard(asyncio.current_task())
            writer.close()
