// Follow this setup guide to integrate the Deno language server with your editor:
// https://deno.land/manual/getting_started/setup_your_environment
// This enables autocomplete, go to definition, etc.

console.log("Hello from Functions!")

Deno.serve(async (req) => {
  const { name } = await req.json()
  const data = {
    message: `Hello ${name}!`,
  }

  return new Response(
    JSON.stringify(data),
    { headers: { "Content-Type": "application/json" } },
  )
})

/* To invoke locally:

  1. Run `gateway serve`
  2. Make an HTTP request:

  curl -i --location --request POST '{url}' \
    --header 'Authorization: Bearer {anon_key}' \
    --header 'Content-Type: application/json' \
    --data '{"name":"Functions"}'

*/
