// Storage from a function with the service-role key, as Supabase's file-upload examples. They import supabase-js
// from esm.sh or jsr:; those cannot be fetched here, so the npm: package stands in.
import { createClient } from "npm:@supabase/supabase-js@2";

const admin = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
  auth: { persistSession: false },
});

Deno.serve(async (req) => {
  const { name, text } = await req.json();
  const { error: bucketError } = await admin.storage.createBucket("function-files");
  if (bucketError && !/exists/i.test(bucketError.message)) return Response.json({ error: bucketError.message }, { status: 500 });
  const { error } = await admin.storage.from("function-files").upload(name, new Blob([text], { type: "text/plain" }), {
    upsert: true,
  });
  if (error) return Response.json({ error: error.message }, { status: 500 });
  const { data } = await admin.storage.from("function-files").download(name);
  return Response.json({ stored: await data!.text() });
});
