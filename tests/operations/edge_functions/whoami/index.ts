// A Deno function of the cluster's project: it asks the gateway that runs it who the caller is, with the caller's
// own JWT, and says which worker process answered.
Deno.serve(async (req) => {
  const user = await fetch(`${Deno.env.get("SUPABASE_URL")}/auth/v1/user`, {
    headers: { apikey: Deno.env.get("SUPABASE_ANON_KEY")!, authorization: req.headers.get("authorization")! },
  });
  const { email } = await user.json();
  return Response.json({ email, pid: Deno.pid });
});
