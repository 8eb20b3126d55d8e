// Runs one function as Supabase's edge runtime presents it: the function's own `Deno.serve()` (or its default
// export's `fetch`, the listener of std's older `serve()`, or a `node:http` server's `listen()`) is bound to the
// address given after the entrypoint (a free loopback port by default) that the first output line announces, `EdgeRuntime.waitUntil()` exists, and every
// console line written while a request is handled starts with that request's id.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";

const LISTENING = "gateway-worker-listening";
const REQUEST_ID = "x-request-id";
const WORKER_ERROR = JSON.stringify({
  code: "WORKER_ERROR",
  message: "Function exited due to an error (please check logs)",
});

const [entrypoint, hostname = "127.0.0.1", port = "0"] = Deno.args;
const supervised = Deno.args.length === 1;

if (supervised) {
  // The gateway holds this pipe open while it runs; a gateway that died (even by SIGKILL) leaves no worker behind.
  (async () => {
    for await (const _ of Deno.stdin.readable) { /* nothing is sent; only the end matters */ }
    Deno.exit(0);
  })();
}
const requestIds = new AsyncLocalStorage<string>();

for (const level of ["log", "info", "debug", "warn", "error"] as const) {
  const write = console[level].bind(console);
  console[level] = (...data: unknown[]) => {
    const id = requestIds.getStore();
    return id ? write(`[${id}]`, ...data) : write(...data);
  };
}

// The process outlives every request, so background work only needs its failures reported.
Object.defineProperty(globalThis, "EdgeRuntime", {
  value: {
    waitUntil(promise: Promise<unknown>) {
      return promise.catch((error) => console.error("waitUntil:", error));
    },
  },
});

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;
type Options = { handler?: Handler; onError?: (error: unknown) => Response | Promise<Response>; signal?: AbortSignal };

function workerError(error: unknown): Response {
  console.error(error);
  return new Response(WORKER_ERROR, { status: 500, headers: { "content-type": "application/json" } });
}

let serving = false;

function claimServing(api: string) {
  if (serving) throw new Error(`a function serves once: ${api} was called after it already served`);
  serving = true;
}

function announce(port: number) {
  Deno.stdout.writeSync(new TextEncoder().encode(`${LISTENING} ${port}\n`));
}

const denoServe = Deno.serve;
// deno-lint-ignore no-explicit-any
(Deno as any).serve = (first: Handler | Options, second?: Handler | Options) => {
  const options: Options = typeof first === "function" ? {} : first;
  const handler = typeof first === "function" ? first : typeof second === "function" ? second : first.handler;
  if (!handler) throw new TypeError("Deno.serve() needs a handler");
  claimServing("Deno.serve()");
  return denoServe({
    hostname,
    port: Number(port),
    signal: options.signal,
    onError: options.onError ?? workerError,
    onListen: ({ port }) => announce(port),
  }, (request, info) => requestIds.run(request.headers.get(REQUEST_ID) ?? "", () => handler(request, info)));
};

// std's `serve()` (https://deno.land/std/http/server.ts before 0.200) listens itself, on port 8000 unless told, then
// hands each connection to `Deno.serveHttp()` (still in Deno 2's runtime, though no longer in its types). As in the
// edge runtime, whatever address it asks for, its TCP listener is the worker's.
const denoListen = Deno.listen;
// deno-lint-ignore no-explicit-any
(Deno as any).listen = (options: Deno.ListenOptions & { transport?: string }) => {
  if (options.transport !== undefined && options.transport !== "tcp") return denoListen(options as never);
  claimServing("Deno.listen()");
  const listener = denoListen({ hostname, port: Number(port) });
  announce(listener.addr.port);
  return listener;
};

// A `node:http` server's `listen(port)` (Express and the other Node frameworks on npm) is bound the same way, and its
// handler's console lines carry the request id.
const nodeListen = http.Server.prototype.listen;
// deno-lint-ignore no-explicit-any
http.Server.prototype.listen = function (this: http.Server, ...args: any[]) {
  claimServing("listen() of a node:http server");
  const callback = typeof args.at(-1) === "function" ? args.at(-1) : undefined;
  this.prependListener("request", (request: http.IncomingMessage) => {
    requestIds.enterWith(String(request.headers[REQUEST_ID] ?? ""));
  });
  this.once("listening", () => announce((this.address() as { port: number }).port));
  return nodeListen.call(this, Number(port), hostname, callback);
};

type RequestEvent = { readonly request: Request; respondWith(response: Response | Promise<Response>): Promise<void> };
type HttpConn = { nextRequest(): Promise<RequestEvent | null> };
// deno-lint-ignore no-explicit-any
const denoServeHttp: (conn: Deno.Conn) => HttpConn = (Deno as any).serveHttp;
// deno-lint-ignore no-explicit-any
(Deno as any).serveHttp = (conn: Deno.Conn) => {
  const httpConn = denoServeHttp(conn);
  const nextRequest = httpConn.nextRequest.bind(httpConn);
  httpConn.nextRequest = async () => {
    const event = await nextRequest();
    if (event === null) return null;
    const id = event.request.headers.get(REQUEST_ID) ?? "";
    return {
      // std's server reads the request right before it calls the function's handler, outside any context of
      // ours: entering the request's id there is what labels the handler's console lines.
      get request() {
        requestIds.enterWith(id);
        return event.request;
      },
      respondWith: (response: Response | Promise<Response>) => event.respondWith(response),
    };
  };
  return httpConn;
};

const module = await import(entrypoint);
if (!serving && typeof module.default?.fetch === "function") {
  Deno.serve((request, info) => module.default.fetch(request, info));
}
