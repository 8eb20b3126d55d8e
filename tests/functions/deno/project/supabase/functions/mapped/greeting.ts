export const greeting = "mapped by deno.json";
