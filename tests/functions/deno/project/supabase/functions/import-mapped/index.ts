// import_map in config.toml resolves the bare specifier (to another function's file, relative to the map).
import { greeting } from "#greeting";

Deno.serve(() => Response.json({ greeting, by: "import_map" }));
