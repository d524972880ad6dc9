"""The recommendation of ``advise``: a rule an organiser can defend, stated in the report.

Only a score **proved** fit for ranking on Π can be recommended (a refuted one orders the entities in a
way no importance justifies; an undecided one is not backed yet). Which importance is right — which
errors matter — is the organiser's choice, to be made before seeing the results: the rule never picks
among fit candidates by how well they separate the entities (that is choosing the metric after seeing
the leaderboard), nor by the order the candidates were listed in.

- no fit candidate: none is recommended;
- one: it is recommended;
- several that order these entities identically (no discordant pair, the same ties): any of them — the
  choice changes nothing on this leaderboard;
- several that disagree: **none is picked**; the report lists each with the importance it encodes (its
  place on the Tile) and asks which errors matter.

When every fit candidate's tiers put all the entities in one tier, the report says so too: the data
separate no pair, whichever score is chosen.

>>> from ordertheory.reports.advise.recommend import DecisionKind
>>> DecisionKind.CHOICE.value
"organiser's choice"
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ordertheory.engine.result import Verdict

RULE = ("Only a score proved fit for ranking on Π is recommended. Which importance is right — which errors matter "
        "in the application — is the organiser's choice, made before seeing the results: the report never picks "
        "among fit candidates by how well they separate the entities, nor by the order they were listed in. One fit "
        "candidate is recommended; several that order these entities identically are equally recommended (the "
        "choice changes nothing here); several that disagree are listed with the importance each encodes (its place "
        "on the Tile) for the organiser to choose.")


class DecisionKind(enum.StrEnum):
    """What the rule concluded."""

    NONE_FIT = "no fit candidate"
    ONLY_FIT = "the only fit candidate"
    AGREE = "fit candidates that agree here"
    CHOICE = "organiser's choice"


@dataclass(frozen=True)
class Decision:
    """The rule's conclusion: the recommended candidates (none, one, or several that agree) and why."""

    kind: DecisionKind
    recommended: tuple[str, ...]
    fit: tuple[str, ...]
    text: str
    disagreements: dict[str, int]  # "a vs b" → discordant pairs (+ pairs tied by one only), among fit candidates
    one_tier: bool = False  # every fit candidate puts all the entities in one tier

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "rule": RULE, "recommended": list(self.recommended), "fit": list(self.fit),
                "text": self.text, "disagreements": self.disagreements, "one_tier": self.one_tier}


def decide(items, position) -> Decision:
    """The rule applied to the examined candidates (``items``: ScoreAdvice with ``versus`` filled);
    ``position(s)``: the words for a candidate's importance (its Tile point)."""
    fit = [s for s in items if s.fitness.verdict is Verdict.PROVED]
    names = tuple(s.text for s in fit)
    differ = {}
    for i, a in enumerate(fit):
        for b in fit[i + 1:]:
            c = a.versus.get(b.text)
            n = None if c is None else c.discordant + c.ties_x + c.ties_y - 2 * c.ties_both
            if n is None or n:
                differ[f"{a.text} vs {b.text}"] = -1 if n is None else n
    one_tier = bool(fit) and all(s.uncertainty is not None and len(s.uncertainty.tiers().groups) == 1
                                 and len(s.uncertainty.ranked()) > 1 for s in fit)
    tie = (" The data separate no pair of entities under any fit candidate (one tier each): whichever is "
           "chosen, publish the tiers, not the ranks.") if one_tier else ""
    if not fit:
        return Decision(DecisionKind.NONE_FIT, (), (), "No candidate is proved fit for ranking on Π: none is "
                        "recommended; add a ranking score (accuracy, F1, a weighted error) whose importance "
                        "matches the application.", differ, one_tier)
    if len(fit) == 1:
        return Decision(DecisionKind.ONLY_FIT, names, names, f"{names[0]} is the only candidate proved fit for "
                        f"ranking on Π ({position(fit[0])})." + tie, differ, one_tier)
    if not differ:
        return Decision(DecisionKind.AGREE, names, names, f"{', '.join(names)} are fit for ranking and order these "
                        "entities identically: any of them; which errors matter does not change this leaderboard's "
                        "ranking." + tie, differ, one_tier)
    where = "; ".join(f"{s.text}: {position(s)}" for s in fit)
    pairs = ", ".join(f"{k} ({'not compared' if v < 0 else f'{v} pairs'})" for k, v in differ.items())
    return Decision(DecisionKind.CHOICE, (), names, f"{len(fit)} candidates are fit for ranking and they order "
                    f"the entities differently ({pairs}). None is picked: which errors matter is the organiser's "
                    f"choice, to be made from the application, not from these results. What each one assumes — {where}."
                    + tie, differ, one_tier)
