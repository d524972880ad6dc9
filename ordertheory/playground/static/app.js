"use strict";
// The playground's pages: each form posts to /api/..., the answer is drawn below it.
// Text from the server is always inserted as text (textContent), never as HTML.

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

async function post(url, body) {
  const init = body instanceof FormData ? {method: "POST", body} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const r = await fetch(url, init);
  let data;
  try { data = await r.json(); } catch (e) { data = {error: "error: the server answered " + r.status}; }
  return data;
}

function show(box, errorBox, data) {
  box.replaceChildren();
  errorBox.textContent = data.error || "";
  return !data.error;
}

function verdict(v, text) {
  return el("p", {class: "verdict " + v, id: "verdict"}, v + (text ? ": " + text : ""));
}

function picture(b64, id, alt) {
  return el("img", {class: "figure", id, alt, src: "data:image/png;base64," + b64});
}

function table(rows, head) {
  const t = el("table", {});
  if (head) t.append(el("tr", {}, ...head.map(h => el("th", {}, h))));
  for (const r of rows) t.append(el("tr", {}, ...r.map(c => el("td", {}, c))));
  return t;
}

// --- order statements --------------------------------------------------------------------------
async function prove(ev) {
  ev.preventDefault();
  const box = document.getElementById("result"), err = document.getElementById("error");
  box.replaceChildren(el("p", {class: "hint"}, "deciding…"));
  const data = await post("/api/prove", {statement: document.getElementById("statement").value,
                                          order: document.getElementById("order").value});
  if (!show(box, err, data)) return;
  box.append(verdict(data.verdict, data.statement));
  if (data.proof_lines) {
    box.append(el("p", {}, "Readable proof — every step re-checked (an instance of its rule, and true in every preorder on its names):"),
               el("pre", {id: "proof"}, data.proof_lines.join("\n")));
  } else if (data.verdict === "proved") {
    box.append(el("p", {id: "proof"}, "Proved by z3 (SMT-LIB certificate); no readable proof: " + data.proof_reason));
  }
  if (data.countermodel) {
    box.append(el("p", {}, "Smallest counter-model, checked without z3: " + data.countermodel_text),
               picture(data.diagram, "diagram", "Hasse diagram of the counter-model"));
  }
  if (data.reason) box.append(el("p", {}, "reason: " + data.reason));
}

function exerciseSet() {
  return {seed: document.getElementById("seed").value, count: document.getElementById("count").value,
          difficulty: document.getElementById("difficulty").value, family: document.getElementById("family").value};
}

async function pose(ev) {
  ev.preventDefault();
  const list = document.getElementById("exercises"), err = document.getElementById("exercise-error");
  const data = await post("/api/exercises", exerciseSet());
  if (!show(list, err, data)) return;
  for (const ex of data.exercises) {
    const answer = el("input", {type: "text", id: "answer-" + ex.number,
      placeholder: ex.family === "order" ? "counter-model, e.g. a <= b; a = c" : 'witness JSON {"test": "test2", "P1": [...], ...}'});
    const out = el("div", {id: "judgement-" + ex.number});
    const check = async valid => {
      const body = {...exerciseSet(), number: ex.number, valid};
      const text = answer.value.trim();
      if (!valid && text) {
        if (ex.family === "order") body.countermodel = text;
        else { try { body.witness = JSON.parse(text); } catch (e) { out.textContent = "error: the witness is not JSON"; return; } }
      }
      out.textContent = "judging…";
      const j = await post("/api/judge", body);
      out.replaceChildren();
      if (j.error) { out.append(el("span", {class: "error"}, j.error)); return; }
      out.append(el("p", {class: j.correct ? "right" : "wrong"}, j.explanation.join(" — ")));
    };
    const yes = el("button", {type: "button"}, "valid"), no = el("button", {type: "button"}, "not valid");
    yes.onclick = () => check(true); no.onclick = () => check(false);
    list.append(el("li", {}, el("span", {}, `[${ex.difficulty}] ${ex.question}`), el("br", {}), yes, no, " ", answer, out));
  }
}

// --- my score ------------------------------------------------------------------------------------
async function checkScore(ev) {
  ev.preventDefault();
  const box = document.getElementById("result"), err = document.getElementById("error");
  box.replaceChildren(el("p", {class: "hint"}, "checking (tests 1–3, then the importance)…"));
  const data = await post("/api/score", {score: document.getElementById("score").value,
                                         prior: document.getElementById("prior").value});
  if (!show(box, err, data)) return;
  const loss = data.direction === "lower" ? " as a loss (lower is better: ranked by −X)" : "";
  const encoded = data.fit_for === "encoded_satisfaction" ? ", for the satisfaction it encodes (with the written S test 1 fails)" : "";
  box.append(verdict(data.verdict, data.fit_for_ranking === true ? "fit for ranking on Π = " + data.Pi + loss + encoded :
                     data.fit_for_ranking === false ? "NOT fit for ranking on Π = " + data.Pi + loss : "undecided"));
  const tests = ["test1", "test2", "test3", "domain_closed", "theorem2_condition"];
  box.append(table(tests.filter(t => data[t]).map(t => [t, data[t].verdict, data[t].reason || ""]), ["test", "verdict", "note"]));
  if (data.roc) {
    box.append(el("p", {}, data.roc_test + " witness (exact): " + data.witness_lines.join("; ")),
               picture(data.roc, "roc", "witness on the ROC plane"));
  }
  const imp = data.importance || {};
  const tileText = imp.tile ? ` — Tile position a = ${imp.tile.a}, b = ${imp.tile.b}` : "";
  const values = imp.importance ? " — " + Object.entries(imp.importance).map(([o, v]) => `I(${o}) = ${v}`).join(", ") : "";
  box.append(el("p", {id: "importance"}, "importance: " + (imp.kind || "unknown") + values + tileText));
}

// --- leaderboard -----------------------------------------------------------------------------------
async function rank(ev) {
  ev.preventDefault();
  const box = document.getElementById("result"), err = document.getElementById("error");
  const file = document.getElementById("file").files[0];
  if (!file) { err.textContent = "error: choose a leaderboard file first"; return; }
  const form = new FormData();
  form.append("file", file);
  form.append("score", document.getElementById("lbscore").value);
  box.replaceChildren(el("p", {class: "hint"}, "ranking, deciding the winners, drawing the Tile…"));
  const data = await post("/api/leaderboard", form);
  if (!show(box, err, data)) return;
  box.append(el("p", {}, `${data.entities} entities`));
  if (data.ranking) {
    box.append(el("p", {id: "ranked-by"}, data.ranking.ranked_by + "; score checked on the leaderboard's Π: " + data.fitness));
    const rows = data.ranking.entities.slice(0, 25).map(e => [e.rank === null ? "-" : e.rank, e.entity,
      e.value === null ? "undefined" : Number(e.value).toFixed(6)]);
    const t = table(rows, ["rank", "entity", "value"]);
    t.id = "ranking";
    box.append(t);
  }
  if (data.winners) box.append(el("p", {id: "winners"}, "can rank first for some R(a,b) (exact): " + data.winners.join(", ")));
  if (data.tile) box.append(picture(data.tile, "tile", "winner map of the Tile"));
  if (data.tile_rank) {
    box.append(el("p", {}, "the Tile's rank map of " + data.tile_rank_entity + ", first by this score:"),
               picture(data.tile_rank, "tile-rank", "rank map of the Tile"));
  }
}

const page = document.body.dataset.page;
if (page === "order") {
  document.getElementById("prove-form").addEventListener("submit", prove);
  document.getElementById("exercise-form").addEventListener("submit", pose);
} else if (page === "score") {
  document.getElementById("score-form").addEventListener("submit", checkScore);
} else if (page === "leaderboard") {
  document.getElementById("leaderboard-form").addEventListener("submit", rank);
}
