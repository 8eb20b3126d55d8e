// A REST API under RLS with the caller's JWT, as Supabase's restful-tasks example, routed by the npm router Hono.
// The example imports supabase-js from jsr:/esm.sh; those cannot be fetched here, so the npm: package stands in.
import { createClient } from "npm:@supabase/supabase-js@2";
import { Hono } from "npm:hono@4";
import { corsHeaders } from "../_shared/cors.ts";

const app = new Hono().basePath("/tasks");

function client(authorization: string) {
  return createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false },
  });
}

app.options("*", () => new Response("ok", { headers: corsHeaders }));

app.get("/", async (c) => {
  const { data, error } = await client(c.req.header("authorization")!).from("deno_tasks").select("id, title")
    .order("id");
  return error ? c.json({ error: error.message }, 400) : c.json(data);
});

app.get("/:id", async (c) => {
  const { data, error } = await client(c.req.header("authorization")!).from("deno_tasks").select("id, title")
    .eq("id", c.req.param("id")).maybeSingle();
  if (error) return c.json({ error: error.message }, 400);
  return data ? c.json(data) : c.json({ error: "not found" }, 404);
});

app.post("/", async (c) => {
  const { title } = await c.req.json();
  const { data, error } = await client(c.req.header("authorization")!).from("deno_tasks").insert({ title })
    .select("id, title").single();
  return error ? c.json({ error: error.message }, 400) : c.json(data, 201);
});

Deno.serve(app.fetch);
