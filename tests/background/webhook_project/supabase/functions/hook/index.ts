// Answers with what it received, so the caller's net._http_response records the payload as the function saw it.
Deno.serve(async (req: Request) => {
  const body = req.method === "GET" ? null : await req.json();
  const answer = { method: req.method, path: new URL(req.url).pathname, received: body };
  return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } });
});
