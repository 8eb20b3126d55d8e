"""What `scripts/setup` relies on: the system packages it installs when they are missing (checked by
`scripts/system-packages` against this machine's PATH, dpkg database and Python, or views of them that lack the
compiler, the C headers' package or ensurepip), and the Python lock files it installs from, which must pin every
dependency pyproject.toml declares."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
DPKG_STATUS = Path("/var/lib/dpkg/status")
debian = pytest.mark.skipif(not DPKG_STATUS.exists() or not shutil.which("dpkg-query"), reason="needs dpkg")


def missing_packages(path: Path, admindir: Path | None = None, **env: str) -> list[str]:
    """scripts/system-packages with `path` as the whole PATH and, if given, another dpkg database."""
    env = {**os.environ, "PATH": str(path), "PYTHON": sys.executable, **env}
    if admindir is not None:
        env["DPKG_ADMINDIR"] = str(admindir)
    done = subprocess.run([shutil.which("bash"), str(ROOT / "scripts" / "system-packages")], env=env,
                          capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.split()


def path_view(tmp_path: Path, *commands: str) -> Path:
    """A PATH folder holding only `commands`, linked to this machine's."""
    view = tmp_path / "bin"
    view.mkdir()
    for command in commands:
        (view / command).symlink_to(shutil.which(command))
    return view


@debian
def test_a_machine_without_the_compiler_and_the_c_headers_is_told_to_install_them(tmp_path: Path):
    admindir = tmp_path / "dpkg"
    admindir.mkdir()
    stanzas = DPKG_STATUS.read_text().split("\n\n")
    (admindir / "status").write_text("\n\n".join(s for s in stanzas if not s.startswith("Package: libc6-dev\n")))
    assert missing_packages(path_view(tmp_path, "dpkg-query"), admindir) == ["gcc", "libc6-dev"]


@debian
@pytest.mark.skipif(not shutil.which("gcc"), reason="this machine has no gcc")
def test_a_machine_with_them_needs_nothing(tmp_path: Path):
    assert missing_packages(path_view(tmp_path, "dpkg-query", "gcc")) == []


@debian
@pytest.mark.skipif(not shutil.which("gcc"), reason="this machine has no gcc")
def test_a_python_without_ensurepip_is_told_to_get_python3_venv(tmp_path: Path):
    """Debian's Python without python3-venv: the same interpreter, its standard library without ensurepip."""
    stdlib = Path(sys.base_prefix) / sys.platlibdir / f"python{sys.version_info.major}.{sys.version_info.minor}"
    home = tmp_path / "home"
    view = home / sys.platlibdir / stdlib.name
    view.mkdir(parents=True)
    for entry in stdlib.iterdir():
        if entry.name != "ensurepip":
            (view / entry.name).symlink_to(entry)
    python = Path(sys.base_prefix) / "bin" / stdlib.name
    assert missing_packages(path_view(tmp_path, "dpkg-query", "gcc"), PYTHON=str(python),
                            PYTHONHOME=str(home)) == ["python3-venv"]


def declared() -> tuple[list[Requirement], list[Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return ([Requirement(r) for r in project["dependencies"]],
            [Requirement(r) for r in project["optional-dependencies"]["test"]])


def pinned(lock: str) -> dict[str, tuple[str, list[str]]]:
    """name → (version, hashes) of a lock file written by scripts/lock."""
    text = (ROOT / lock).read_text()
    pins = {}
    pin = r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;]+)(?: ;[^\\\n]*?)?((?: \\\n\s+--hash=sha256:[0-9a-f]{64})+)"
    for match in re.finditer(pin, text, re.M):
        name = canonicalize_name(match.group(1).split("[")[0])
        pins[name] = (match.group(2), re.findall(r"sha256:([0-9a-f]{64})", match.group(3)))
    return pins


@pytest.mark.parametrize("lock, with_test", [("requirements.lock", False), ("requirements-test.lock", True)])
def test_the_lock_files_pin_every_declared_dependency_with_hashes(lock: str, with_test: bool):
    """Fails when a dependency is added to pyproject.toml or its range changed without running scripts/lock."""
    runtime, test = declared()
    pins = pinned(lock)
    for requirement in runtime + (test if with_test else []):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in {lock}: run scripts/lock"
        version, hashes = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), \
            f"{lock} pins {requirement.name}=={version}, outside {requirement.specifier}: run scripts/lock"
        assert hashes
    lines = [line for line in (ROOT / lock).read_text().splitlines() if line and not line.startswith((" ", "#"))]
    assert len(lines) == len(pins), "every pinned line carries its hashes"


def test_the_image_gets_the_versions_the_tests_ran_with():
    runtime, tested = pinned("requirements.lock"), pinned("requirements-test.lock")
    assert {name: version for name, (version, _) in runtime.items()} == {
        name: tested[name][0] for name in runtime}
