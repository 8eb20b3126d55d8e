"""compose.yaml read as docker compose reads it, then moved onto loopback: each service's `host:port` becomes
127.0.0.1 and a free port, volumes become folders, so the cluster runs the file's own settings and nginx config."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

COMPOSE_FILE = Path(__file__).resolve().parents[2] / "compose.yaml"
# ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}; `$$` is a literal `$` (nginx variables in the config).
# (The harness sets no variable to the empty string, so `-` and `:-` read the same here.)
_VARIABLE = re.compile(r"\$\$|\$\{([A-Z0-9_]+)(?::?([-?])([^}]*))?\}")


class ComposeError(Exception):
    pass


def interpolate(text: str, env: dict[str, str]) -> str:
    def substitute(match: re.Match) -> str:
        if match.group(0) == "$$":
            return "$"
        name, kind, argument = match.groups()
        value = env.get(name, "")
        if value:
            return value
        if kind == "?":
            raise ComposeError(f"compose.yaml needs {name}: {argument}")
        return argument if kind == "-" else ""

    return _VARIABLE.sub(substitute, text)


@dataclass(frozen=True)
class Service:
    name: str
    environment: dict[str, str]
    command: list[str] | None
    volumes: dict[str, str]  # container path -> volume name
    health_path: str | None


@dataclass(frozen=True)
class Compose:
    services: dict[str, Service]
    configs: dict[str, str]
    published: dict[str, tuple[int, int]]  # service -> (host port, container port)

    def service(self, name: str) -> Service:
        return self.services[name]


def load(env: dict[str, str], path: Path = COMPOSE_FILE) -> Compose:
    document = yaml.safe_load(path.read_text())
    services = {}
    published = {}
    for name, spec in document["services"].items():
        environment = {key: interpolate(str(value), env) for key, value in (spec.get("environment") or {}).items()}
        volumes = {}
        for volume in spec.get("volumes") or []:
            source, target = volume.split(":")[:2]
            volumes[target] = source
        for port in spec.get("ports") or []:
            host, container = str(port).split(":")
            published[name] = (int(host), int(container))
        services[name] = Service(name, environment, spec.get("command"), volumes, _health_path(spec))
    configs = {name: interpolate(spec["content"], env) for name, spec in document.get("configs", {}).items()}
    return Compose(services, configs, published)


def _health_path(spec: dict[str, Any]) -> str | None:
    test = " ".join((spec.get("healthcheck") or {}).get("test") or [])
    found = re.search(r"http://127\.0\.0\.1:\d+(/[^'\"]*)", test)
    return found.group(1) if found else None


def relocate(text: str, addresses: dict[str, str]) -> str:
    """Every `host:port` of `addresses` (compose's service names, and published ports) replaced by its loopback
    address; longest first, so `gateway-1:54321` is never half-replaced."""
    for original in sorted(addresses, key=len, reverse=True):
        text = re.sub(rf"(?<![\w.-]){re.escape(original)}(?!\d)", addresses[original], text)
    return text
