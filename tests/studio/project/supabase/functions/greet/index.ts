// Greets whoever asks, and says so on its console, once on each stream.
Deno.serve(async (request) => {
  const { name } = await request.json();
  console.log(`greeting ${name}`);
  console.error(`no one called ${name} was expected`);
  return Response.json({ message: `Hello ${name}` });
});
