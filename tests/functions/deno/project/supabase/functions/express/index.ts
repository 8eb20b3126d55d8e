// Supabase's Express example: the app listens on a port of its own choosing, as it would under Node.
import express from "npm:express@4.18.2";

const app = express();
app.use(express.json());
const port = 3000;

app.get("/express/tasks/:id", (req, res) => {
  console.log("express handled task", req.params.id);
  res.json({ id: req.params.id, query: req.query });
});

app.post("/express", (req, res) => {
  res.status(201).set("x-framework", "express").send(`Hello ${req.body.name}!`);
});

app.listen(port, () => {
  console.log(`Example app listening on port ${port}`);
});
