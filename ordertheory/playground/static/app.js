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

// Every action starts by clearing the errors of every form on the page: an error belongs to the action
// that caused it, never to the next one.
function clearErrors() {
  for (const e of document.querySelectorAll(".error")) e.textContent = "";
}

// A table of a test's verdicts: each test by its plain name ("test 2 (a mixture is never better than
// both)"); a sufficient condition (role "note": Theorem 2's) is a note below, never a refuted line.
const NOTE_WORD = {proved: "holds", refuted: "not met — only sufficient for Axiom 2, which test 1 decides: not a failed test",
                   unknown: "undecided — only sufficient for Axiom 2, which test 1 decides"};

function testRows(tests) {
  const entries = Object.entries(tests).filter(([, t]) => t && t.verdict);
  const rows = entries.filter(([, t]) => t.role !== "note").map(([k, t]) =>
    [t.name || k, t.verdict, t.verdict === "unknown" ? (t.reason || "") : t.verdict === "refuted" ? "witness below" : ""]);
  const notes = entries.filter(([, t]) => t.role === "note").map(([k, t]) =>
    el("p", {class: "note"}, "note: " + (t.name || k) + ": " + (NOTE_WORD[t.verdict] || t.verdict)));
  return [rows, notes];
}

// The keys a page draws itself; any other key of the answer (a statistic added later) is shown as it
// comes, under its name: the JSON the library returns, rendered generically.
function extras(data, known) {
  const out = [];
  for (const [k, v] of Object.entries(data)) {
    if (known.includes(k) || v === null || v === undefined) continue;
    out.push(el("details", {class: "extra"}, el("summary", {}, k),
                el("pre", {}, typeof v === "string" ? v : JSON.stringify(v, null, 2))));
  }
  return out;
}

function fullJson(data, command) {
  const shown = {};
  for (const [k, v] of Object.entries(data)) if (typeof v !== "string" || v.length < 2000) shown[k] = v;
  return el("details", {id: "json"}, el("summary", {}, "the whole answer: the JSON of " + command),
            el("pre", {}, JSON.stringify(shown, null, 2)));
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
  clearErrors();
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
  clearErrors();
  const list = document.getElementById("exercises"), err = document.getElementById("exercise-error");
  const data = await post("/api/exercises", exerciseSet());
  if (!show(list, err, data)) return;
  for (const ex of data.exercises) {
    const answer = el("input", {type: "text", id: "answer-" + ex.number,
      placeholder: ex.family === "order" ? "counter-model, e.g. a <= b; a = c" : 'witness JSON {"test": "test2", "P1": [...], ...}'});
    const out = el("div", {id: "judgement-" + ex.number});
    const check = async valid => {
      clearErrors();
      const body = {...exerciseSet(), number: ex.number, valid};
      const text = answer.value.trim();
      if (!valid && text) {
        if (ex.family === "order") body.countermodel = text;
        else { try { body.witness = JSON.parse(text); } catch (e) { out.replaceChildren(el("span", {class: "error"}, "error: the witness is not JSON")); return; } }
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
  clearErrors();
  const box = document.getElementById("result"), err = document.getElementById("error");
  box.replaceChildren(el("p", {class: "hint"}, "checking (tests 1–3, then the importance)…"));
  const data = await post("/api/score", {score: document.getElementById("score").value,
                                         prior: document.getElementById("prior").value});
  if (!show(box, err, data)) return;
  const loss = data.direction === "lower" ? " as a loss (lower is better: ranked by −X)" : "";
  const encoded = data.fit_for === "encoded_satisfaction" ? ", for the satisfaction it encodes (with the written S test 1 fails)" : "";
  box.append(verdict(data.verdict, data.fit_for_ranking === true ? "fit for ranking on Π = " + data.Pi + loss + encoded :
                     data.fit_for_ranking === false ? "NOT fit for ranking on Π = " + data.Pi + loss : "undecided"));
  const tests = {};
  for (const t of ["test1", "test2", "test3", "domain_closed", "theorem2_condition"]) if (data[t]) tests[t] = data[t];
  const [rows, notes] = testRows(tests);
  const t = table(rows, ["test", "verdict", "why"]);
  t.id = "tests";
  box.append(t, ...notes);
  if (data.roc) {
    box.append(el("p", {}, (data.roc_name || data.roc_test) + " — witness (exact): " + data.witness_lines.join("; ")),
               picture(data.roc, "roc", "witness on the ROC plane"));
  }
  const imp = data.importance || {};
  const tileText = imp.tile ? ` — Tile position a = ${imp.tile.a}, b = ${imp.tile.b}` : "";
  const values = imp.importance ? " — " + Object.entries(imp.importance).map(([o, v]) => `I(${o}) = ${v}`).join(", ") : "";
  box.append(el("p", {id: "importance"}, "importance: " + (imp.kind || "unknown") + values + tileText));
}

// --- leaderboard -----------------------------------------------------------------------------------
function uploadForm(score) {
  const file = document.getElementById("file").files[0];
  if (!file) return null;
  const form = new FormData();
  form.append("file", file);
  form.append("score", document.getElementById(score).value);
  const pos = document.getElementById("pos-label");
  if (pos && pos.value.trim()) form.append("pos_label", pos.value.trim());
  return form;
}

const RANK_KEYS = ["ordertheory_version", "verdict", "leaderboard", "score", "formula", "direction", "ranked_by",
  "entities", "ties", "equal_performances", "fitness", "note", "not_separated", "uncertainty", "input", "hint",
  "winners", "tile", "tile_rank", "tile_rank_entity", "robust", "fitness_lines", "space", "aggregate", "tasks", "task_weights", "summarized",
  "alternative", "disagreements", "notes"];

async function rank(ev) {
  ev.preventDefault();
  clearErrors();
  const box = document.getElementById("result"), err = document.getElementById("error");
  const form = uploadForm("lbscore");
  if (!form) { box.replaceChildren(); err.textContent = "error: choose a leaderboard file first"; return; }
  box.replaceChildren(el("p", {class: "hint"}, "ranking, checking the score, deciding the winners, drawing the Tile…"));
  const data = await post("/api/leaderboard", form);
  if (!show(box, err, data)) return;
  if (!data.entities) { box.append(verdict(data.verdict || "unknown", data.reason || "")); return; }  // past a guard
  const lb = data.leaderboard || {};
  box.append(el("p", {id: "read-as"}, `${data.entities.length} entities` + (data.space ? ` on ${data.space}` : "")
    + ` — ${data.input}: ${lb.conversion || ""}`));
  if (data.hint) box.append(el("p", {class: "hint", id: "hint"}, data.hint));
  for (const n of data.notes || []) box.append(el("p", {class: "note"}, "note: " + n));
  const fit = data.fitness;
  box.append(el("p", {id: "ranked-by"}, data.ranked_by + (fit ? "; the score checked on the leaderboard's Π = " + fit.Pi
    + ": " + fit.verdict : "")));
  if (data.fitness_lines && data.fitness_lines.length) {  // the tests not proved, by their plain names, each witness
    box.append(el("pre", {id: "fitness-lines"}, data.fitness_lines.join("\n")));
  }
  const rows = data.entities.slice(0, 50).map(e => [e.rank === null ? "-" : e.rank, e.entity,
    e.value === null ? "undefined" : Number(e.value).toFixed(6)]);
  const t = table(rows, ["rank", "entity", "value"]);
  t.id = "ranking";
  box.append(t);
  if (data.entities.length > 50) box.append(el("p", {class: "hint"}, `… ${data.entities.length - 50} more (all in the JSON below)`));
  if (data.note) box.append(el("p", {class: "note"}, "note: " + data.note));
  for (const g of data.ties || []) box.append(el("p", {}, "tie: " + g.join(", ")));
  for (const g of data.equal_performances || []) box.append(el("p", {}, "equal performances (Axiom 1: equal ranks): " + g.join(", ")));
  if (data.not_separated) {
    box.append(el("p", {id: "separation"}, data.not_separated.length ?
      "not separated at 95 % (posterior): " + data.not_separated.map(p => p.join(" ~ ")).join(", ") :
      "every adjacent pair is separated at 95 % (posterior)"));
  }
  if (data.disagreements && data.disagreements.length) {
    box.append(el("p", {}, `${data.disagreements.length} pairs ordered differently from the summarized ranking`));
  }
  drawRobust(data.robust);
  if (data.winners) box.append(el("p", {id: "winners"}, "can rank first for some R(a,b) (exact): " + data.winners.join(", ")));
  if (data.tile) box.append(picture(data.tile, "tile", "winner map of the Tile"));
  if (data.tile_rank) {
    box.append(el("p", {}, "the Tile's rank map of " + data.tile_rank_entity + ", first by this score:"),
               picture(data.tile_rank, "tile-rank", "rank map of the Tile"));
  }
  box.append(...extras(data, RANK_KEYS), fullJson(data, "ordertheory rank FILE --score " + data.score + " --json"));
}

// The robust order and the Tile's regions of "separated for every importance" (issue 53): drawn in their
// section when the answer has them (ordertheory/playground/jobs.py: robust_order, the hook), else hidden.
function drawRobust(robust) {
  const section = document.getElementById("robust-order");
  if (!section) return;
  const box = document.getElementById("robust-result");
  box.replaceChildren();
  section.hidden = !robust;
  if (!robust) return;
  for (const line of robust.lines || []) box.append(el("p", {}, line));
  if (robust.diagram) box.append(picture(robust.diagram, "robust-diagram", "the robust order (Hasse diagram)"));
  if (robust.regions) box.append(picture(robust.regions, "robust-regions", "the Tile's regions where each pair is separated"));
}

// --- benchmark (several tasks) ---------------------------------------------------------------------
const TASK_KEYS = ["ordertheory_version", "verdict", "score", "direction", "tasks", "entities", "friedman", "nemenyi",
  "wilcoxon_holm", "bayesian", "bootstrap", "table", "values", "diagram", "undefined_values", "notes"];

function p4(x) { return x === null || x === undefined ? "-" : Number(x).toPrecision(4); }

async function benchmark(ev) {
  ev.preventDefault();
  clearErrors();
  const box = document.getElementById("result"), err = document.getElementById("error");
  const form = uploadForm("tscore");
  if (!form) { box.replaceChildren(); err.textContent = "error: choose a table of tasks first"; return; }
  form.append("alpha", document.getElementById("alpha").value);
  form.append("rope", document.getElementById("rope").value);
  box.replaceChildren(el("p", {class: "hint"}, "ranking on every task, Friedman, Nemenyi, Wilcoxon–Holm, the Bayesian test, the bootstrap…"));
  const data = await post("/api/tasks", form);
  if (!show(box, err, data)) return;
  if (!data.entities) { box.append(verdict(data.verdict || "unknown", data.reason || "")); return; }  // past a guard
  const tb = data.table || {};
  box.append(el("p", {id: "read-as"}, `${data.tasks} tasks × ${data.entities.length} entities, ranked by ${data.score} `
    + `(${data.direction === "lower" ? "lower" : "higher"} is better) — ${tb.conversion || ""}`));
  for (const n of data.notes || []) box.append(el("p", {class: "note"}, "note: " + n));
  const boot = {};
  for (const e of (data.bootstrap || {}).entities || []) boot[e.entity] = e;
  const rows = data.entities.map(e => [Number(e.average_rank).toFixed(3), e.consensus_rank, e.entity,
    boot[e.entity] ? `[${boot[e.entity].rank_interval.join(", ")}]` : "-", boot[e.entity] ? Number(boot[e.entity].p_first).toFixed(3) : "-"]);
  const level = data.bootstrap ? ` (${Math.round(data.bootstrap.level * 100)} %, bootstrap over tasks)` : "";
  const t = table(rows, ["average rank", "consensus rank", "entity", "rank interval" + level, "P(first)"]);
  t.id = "average-ranks";
  box.append(t);
  const f = data.friedman || {};
  box.append(el("p", {id: "friedman"}, f.chi2 === null || f.chi2 === undefined ? "Friedman: needs 3 entities at least" :
    `Friedman χ² = ${p4(f.chi2)}, p = ${p4(f.p)}; Iman–Davenport F = ${p4(f.iman_davenport_f)}, p = ${p4(f.iman_davenport_p)}`));
  const n = data.nemenyi || {};
  box.append(el("p", {id: "nemenyi"}, `Nemenyi at α = ${n.alpha}: CD = ${p4(n.cd)}; not separated: `
    + ((n.cliques || []).map(c => "{" + c.join(", ") + "}").join("; ") || "none")));
  if (data.diagram) box.append(picture(data.diagram, "cd-diagram", "critical-difference diagram"));
  if (data.wilcoxon_holm && data.wilcoxon_holm.length) {
    box.append(el("p", {}, "Wilcoxon signed-rank on every pair, Holm-adjusted:"),
               table(data.wilcoxon_holm.map(w => [w.a, w.b, p4(w.p), p4(w.p_holm), w.reason || ""]), ["a", "b", "p", "p (Holm)", "note"]));
  }
  const bayes = data.bayesian || {};
  if (bayes.pairs && bayes.pairs.length) {
    box.append(el("p", {}, `Bayesian signed-rank test (${bayes.model}), ROPE ±${bayes.rope}:`),
               table(bayes.pairs.map(b => [b.a, b.b, p4(b.p_a_better), p4(b.p_rope), p4(b.p_b_better)]),
                     ["a", "b", "P(a better)", "P(equivalent)", "P(b better)"]));
  }
  box.append(...extras(data, TASK_KEYS), fullJson(data, "ordertheory tasks FILE --score " + data.score + " --json"));
}

const page = document.body.dataset.page;
if (page === "order") {
  document.getElementById("prove-form").addEventListener("submit", prove);
  document.getElementById("exercise-form").addEventListener("submit", pose);
} else if (page === "score") {
  document.getElementById("score-form").addEventListener("submit", checkScore);
} else if (page === "leaderboard") {
  document.getElementById("leaderboard-form").addEventListener("submit", rank);
} else if (page === "tasks") {
  document.getElementById("tasks-form").addEventListener("submit", benchmark);
}
