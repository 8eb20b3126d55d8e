// A function written as Supabase's older examples are, on std's serve() rather than Deno.serve(). Its import line is
// unchanged: deno.json maps the URL to the vendored copy of std (see vendor/README.md).
import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const encoder = new TextEncoder();

function lines(count: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent === count) return controller.close();
      if (sent > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      controller.enqueue(encoder.encode(`line ${sent++} ${Date.now()}\n`));
    },
  });
}

serve(async (req) => {
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
  const url = new URL(req.url);
  if (url.pathname === "/std-serve/stream") {
    return new Response(lines(Number(url.searchParams.get("count") ?? 3)), {
      headers: { ...corsHeaders, "content-type": "text/plain" },
    });
  }
  if (url.pathname === "/std-serve/throws") throw new Error("the handler failed");
  console.log("std-serve handled", url.searchParams.get("marker"));
  const { name } = req.method === "POST" ? await req.json() : { name: url.searchParams.get("name") };
  const data = { message: `Hello ${name}!`, method: req.method, pathname: url.pathname, custom: req.headers.get("x-custom") };
  return new Response(JSON.stringify(data), {
    status: req.method === "POST" ? 201 : 200,
    headers: { ...corsHeaders, "content-type": "application/json", "x-served-by": "std" },
  });
});
