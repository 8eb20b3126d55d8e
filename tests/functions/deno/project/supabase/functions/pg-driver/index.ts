// Postgres over SUPABASE_DB_URL, as Supabase's postgres-on-the-edge example. The example imports
// https://deno.land/x/postgres; https: imports cannot be fetched here, so the npm driver `postgres` stands in.
import postgres from "npm:postgres@3.4.5";

const sql = postgres(Deno.env.get("SUPABASE_DB_URL")!, { max: 1 });

Deno.serve(async () => {
  const [row] = await sql`select current_user as "user", inet_server_port() as port, current_database() as db`;
  return Response.json(row);
});
