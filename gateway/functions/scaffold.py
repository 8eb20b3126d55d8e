"""`gateway functions new NAME`: the Supabase CLI's TypeScript template (or, `--lang python`, a handler)."""

from __future__ import annotations

import re
from pathlib import Path

from gateway.config_values import ConfigError
from gateway.jwt_keys import JwtKeys
from gateway.settings import Settings

TEMPLATES = Path(__file__).with_name("templates")
FILES = {"typescript": ("index.ts",), "python": ("handler.py", "function.toml")}
# The CLI's rule for a function's name.
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def new_function(settings: Settings, name: str, lang: str) -> Path:
    """Writes the function's folder; returns it. Refuses a name that is taken or not a valid function name."""
    if not NAME.match(name):
        raise ConfigError(f"invalid function name {name!r}: letters, digits, - and _, starting with a letter")
    folder = settings.functions_dir / (name.replace("-", "_") if lang == "python" else name)
    if folder.exists():
        raise ConfigError(f"{folder} already exists")
    folder.mkdir(parents=True)
    slug = folder.name.replace("_", "-")
    # As the CLI's, the invocation the template shows works as written: the function's URL and the project's key.
    filled = {"{url}": f"{settings.api_external_url}/functions/v1/{slug}", "{slug}": slug,
              "{anon_key}": JwtKeys.from_settings(settings).anon_key}
    for file in FILES[lang]:
        text = (TEMPLATES / file).read_text()
        for placeholder, value in filled.items():
            text = text.replace(placeholder, value)
        (folder / file).write_text(text)
    return folder
