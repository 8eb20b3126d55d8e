// Shows the request and environment as the function sees them, and streams both ways.
import { corsHeaders } from "../_shared/cors.ts";

const encoder = new TextEncoder();

async function digest(body: ReadableStream<Uint8Array> | null): Promise<{ bytes: number; sha256: string }> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of body ?? []) {
    chunks.push(chunk);
    bytes += chunk.length;
  }
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return { bytes, sha256: Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("") };
}

function ticks(count: number, everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent === count) return controller.close();
      if (sent > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
      controller.enqueue(encoder.encode(`data: tick ${sent++} ${Date.now()}\n\n`));
    },
  });
}

Deno.serve(async (req) => {
  const url = new URL(req.url);
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
  const json = (value: unknown, status = 200) =>
    Response.json(value, { status, headers: corsHeaders });
  switch (url.pathname) {
    case "/echo/socket": {
      const { socket, response } = Deno.upgradeWebSocket(req);
      socket.onmessage = (event) => socket.send(`echo ${url.searchParams.get("room")}: ${event.data}`);
      return response;
    }
    case "/echo/env":
      return json({ names: Object.keys(Deno.env.toObject()).sort(), env: {
        GREETING_SECRET: Deno.env.get("GREETING_SECRET"),
        SUPABASE_URL: Deno.env.get("SUPABASE_URL"),
        SUPABASE_ANON_KEY: Deno.env.get("SUPABASE_ANON_KEY"),
        SUPABASE_SERVICE_ROLE_KEY: Deno.env.get("SUPABASE_SERVICE_ROLE_KEY"),
        SUPABASE_DB_URL: Deno.env.get("SUPABASE_DB_URL"),
        SUPABASE_PUBLISHABLE_KEYS: JSON.parse(Deno.env.get("SUPABASE_PUBLISHABLE_KEYS") ?? "null"),
        SUPABASE_SECRET_KEYS: JSON.parse(Deno.env.get("SUPABASE_SECRET_KEYS") ?? "null"),
        SUPABASE_JWKS: JSON.parse(Deno.env.get("SUPABASE_JWKS") ?? "null"),
      } });
    case "/echo/stream":
      return new Response(ticks(Number(url.searchParams.get("count") ?? 3), 400), {
        headers: { ...corsHeaders, "content-type": "text/event-stream" },
      });
    case "/echo/endless":
      return new Response(ticks(Infinity, 20), { headers: { "content-type": "text/event-stream" } });
    case "/echo/upload":
      return json(await digest(req.body));
    case "/echo/download": {
      const size = Number(url.searchParams.get("bytes"));
      return new Response(new Uint8Array(size).fill(97), { headers: { "content-type": "application/octet-stream" } });
    }
    case "/echo/later": {
      const marker = url.searchParams.get("marker")!;
      EdgeRuntime.waitUntil(new Promise((resolve) => setTimeout(resolve, 200)).then(() => console.log(marker)));
      return json({ queued: marker });
    }
    case "/echo/long-line":
      console.log("x".repeat(300_000));
      console.log("after the long line", url.searchParams.get("marker"));
      return json({ logged: true });
    case "/echo/tempfile": {
      const path = await Deno.makeTempFile({ suffix: ".txt" });
      await Deno.writeTextFile(path, "written");
      return json({ text: await Deno.readTextFile(path), inTmpdir: path.startsWith(Deno.env.get("TMPDIR")!) });
    }
    case "/echo/log":
      console.log("log line", url.searchParams.get("marker"));
      console.error("error line", url.searchParams.get("marker"));
      return json({ logged: true });
  }
  const body = req.body ? await req.text() : null;
  return json({
    method: req.method,
    pathname: url.pathname,
    search: url.search,
    authorization: req.headers.get("authorization"),
    custom: req.headers.get("x-custom"),
    body,
  });
});
