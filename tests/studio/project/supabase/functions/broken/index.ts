// A syntax error: the function cannot boot, and the gateway logs why.
Deno.serve(() => new Response("never" );;
