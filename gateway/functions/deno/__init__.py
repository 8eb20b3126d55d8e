"""A Supabase project's TypeScript/JavaScript functions, each run by a real Deno in a worker process of its own."""
