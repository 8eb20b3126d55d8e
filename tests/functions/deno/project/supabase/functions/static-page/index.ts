// An HTML page from a file that config.toml lists in static_files, read by its path relative to the function's
// folder, as Supabase's docs show.
const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

Deno.serve(async (req) => {
  const template = await Deno.readTextFile("./welcome.html");
  const name = new URL(req.url).searchParams.get("name") ?? "there";
  const page = template.replace("{{name}}", name.replace(/[&<>"]/g, (c) => escapes[c]));
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
});
