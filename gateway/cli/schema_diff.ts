// The statements that turn the shadow database's schema into the project database's, over every schema but the
// platform's: migra's diff as the Supabase CLI runs it, through @pgkit/migra on Deno.
import { createClient } from "npm:@pgkit/client@0.6.1";
import { Migration } from "npm:@pgkit/migra@0.6.1";

const shadow = createClient(Deno.env.get("SHADOW_URL")!);
const project = createClient(Deno.env.get("PROJECT_URL")!);
try {
  const migration = await Migration.create(shadow, project, {
    exclude_schema: Deno.env.get("EXCLUDED_SCHEMAS")!.split(","),
    ignore_extension_versions: true,
  });
  // Drops are part of a change made in the database; the developer reviews the file before applying it.
  migration.set_safety(false);
  migration.add_all_changes(true);
  await Deno.stdout.write(new TextEncoder().encode(migration.sql));
} finally {
  await Promise.all([shadow.end(), project.end()]);
}
