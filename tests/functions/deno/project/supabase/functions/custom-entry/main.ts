// Found through `entrypoint` in config.toml, served as a default export's fetch.
export default {
  fetch(req: Request) {
    return Response.json({ entry: "main.ts", pathname: new URL(req.url).pathname });
  },
};
