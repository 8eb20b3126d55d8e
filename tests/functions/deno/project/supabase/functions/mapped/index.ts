// Its own deno.json maps the bare specifier.
import { greeting } from "#greeting";

Deno.serve(() => Response.json({ greeting }));
