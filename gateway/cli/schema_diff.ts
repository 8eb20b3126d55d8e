// The statements that turn the shadow database's schema into the project database's, as the Supabase CLI runs migra
// through @pgkit/migra: extensions created or dropped, everything in the project's schemas, then the triggers and
// row level security policies a project adds to the platform's own tables (auth.users, storage.objects). Written
// to stdout as a JSON array of statements.
import { createClient } from "npm:@pgkit/client@0.6.1";
import { Migration } from "npm:@pgkit/migra@0.6.1";

const shadow = createClient(Deno.env.get("SHADOW_URL")!);
const project = createClient(Deno.env.get("PROJECT_URL")!);
const list = (name: string) => Deno.env.get(name)!.split(",");

async function diff(options: { schema?: string; exclude_schema?: string[] }) {
  const migration = await Migration.create(shadow, project, { ...options, ignore_extension_versions: true });
  // Drops are part of a change made in the database; the developer reviews the file before applying it.
  migration.set_safety(false);
  return migration;
}

try {
  const statements: string[] = [];
  for (const schema of list("EXTENSION_SCHEMAS")) {
    const migration = await diff({ schema });
    migration.add_extension_changes();
    statements.push(...migration.statements);
  }
  const migration = await diff({ exclude_schema: list("EXCLUDED_SCHEMAS") });
  migration.add_all_changes(true);
  statements.push(...migration.statements);
  for (const schema of list("MANAGED_SCHEMAS")) {
    const migration = await diff({ schema });
    migration.add(migration.changes.triggers({ drops_only: true }));
    migration.add(migration.changes.rlspolicies({ drops_only: true }));
    migration.add(migration.changes.rlspolicies({ creations_only: true }));
    migration.add(migration.changes.triggers({ creations_only: true }));
    statements.push(...migration.statements);
  }
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(statements)));
} finally {
  await Promise.all([shadow.end(), project.end()]);
}
