// A syntax error: the function cannot boot.
Deno.serve(() => new Response("never" );;
const = 1;
