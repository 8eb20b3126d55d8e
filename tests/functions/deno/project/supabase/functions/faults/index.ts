// Misbehaviour the runtime must contain: each path breaks one limit.
Deno.serve(async (req) => {
  const { pathname } = new URL(req.url);
  switch (pathname) {
    case "/faults/throw":
      throw new Error("thrown on purpose");
    case "/faults/hang":
      return await new Promise<Response>(() => {});
    case "/faults/loop":
      while (true) { /* a worker stuck on its CPU */ }
    case "/faults/oom": {
      const hoard: number[][] = [];
      while (true) hoard.push(new Array(1_000_000).fill(Math.random()));
    }
    case "/faults/exit":
      Deno.exit(3);
    case "/faults/upload":
      return Response.json({ pid: Deno.pid, body: await req.text() });
  }
  return Response.json({ pid: Deno.pid });
});
