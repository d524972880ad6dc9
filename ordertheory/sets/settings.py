"""Settings: the one syntax that names a set Π of performances, its one parser and its one label.

Every command, Table 1, the catalogue, the sweep and the paper job write a setting the same way:

- ``all`` — every performance;
- ``prior=P`` — two classes (binary, ``scored:L``, ``selective:2``), the positive prior fixed;
  a bare ``P`` is short for it;
- ``priors=p1,…,pk`` — every class prior fixed (a bare list ``p1,…,pk`` is short for it);
- ``uniform`` — every class prior 1/k (on two classes: ``prior=0.5``);
- ``rate=T`` / ``rates=t1,…,tk`` — the rate of positive predictions (binary) / every prediction rate;
- parts joined by ``;`` hold at once (``prior=0.2; rate=0.3``).

P and T may be the symbols ``p`` and ``tau`` where a command keeps them symbolic (``importance``,
``compare``: :func:`parse` with ``symbolic=True``).

A setting has **one label** on a space, whatever way it was typed (:meth:`Setting.on`): numbers
exact, as a decimal when it terminates (``0.2``), else a fraction (``1/3``); equal class priors of k
classes are ``uniform``, two classes' priors are the positive one's ``prior=P``; the prior part first.
``check --prior uniform``, ``catalogue`` and ``table1`` name one setting alike, and it is the label
of its Π (:func:`~ordertheory.sets.performance_set.margin_label`).

Π is built when asked (:meth:`Setting.performance_set`), never checked for emptiness by vertex
enumeration: fixed positive margins (priors, rates, or both) always leave performances — a
transportation polytope with positive margins holds the north-west-corner point — so a fixed-prior
Π on ``multiclass:5`` costs its 4 constraints, not C(25, 20) candidate vertices.
:meth:`Setting.class_pi` gives the structured Π of k crisp classes (every performance or fixed
priors) without its k² coordinates.

>>> [str(s) for s in parse_settings("all,0.2,priors=1/3,1/3,1/3,uniform")]
['all', 'prior=0.2', 'priors=1/3,1/3,1/3', 'uniform']
>>> from ordertheory.spaces.sample_space import binary, multiclass
>>> str(parse("uniform").on(binary())), str(parse("1/3,1/3,1/3").on(multiclass(3)))
('prior=0.5', 'uniform')
>>> parse("rate=1/4; prior=1/5").performance_set(binary()).label
'prior=0.2; rate=0.25'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import (
    SYMBOLIC_PRIORS,
    SYMBOLIC_RATES,
    Constraint,
    PerformanceSet,
    all_performances,
    exact_text,
    fixed_prior,
    fixed_priors,
    fixed_rate,
    fixed_rates,
    margin_label,
)
from ordertheory.spaces.sample_space import SampleSpace

SYNTAX = "all, uniform, prior=P, priors=p1,...,pk, rate=T, rates=t1,...,tk, or parts joined by ';'"
_NUMBER = re.compile(r"[0-9./eE+-]+$")


class SettingKind(enum.Enum):
    """How one part of a setting fixes Π."""

    UNIFORM = "uniform"  # every class prior 1/k
    PRIOR = "prior"  # the positive prior of two classes
    PRIORS = "priors"  # every class prior
    RATE = "rate"  # the rate of positive predictions fp + tp (binary)
    RATES = "rates"  # every prediction rate (the column sums of a k × k confusion space)

    @property
    def what(self) -> str:
        return "rate" if self in (SettingKind.RATE, SettingKind.RATES) else "prior"


@dataclass(frozen=True)
class Part:
    """One fixed margin: ``values`` exact (Fractions) or one symbol's name (``p``, ``tau``)."""

    kind: SettingKind
    values: tuple[Fraction | str, ...] = ()

    def __str__(self) -> str:
        if self.kind is SettingKind.UNIFORM:
            return "uniform"
        return f"{self.kind.value}=" + ",".join(v if isinstance(v, str) else exact_text(v) for v in self.values)

    @property
    def symbolic(self) -> bool:
        return any(isinstance(v, str) for v in self.values)


@dataclass(frozen=True)
class Setting:
    """A set Π named in the one setting syntax: its parts hold at once (none: every performance).

    ``str`` is the label as typed but exact (``prior=0.2`` for ``0.2`` and ``prior=1/5``);
    :meth:`on` a space gives the one label of that Π there."""

    parts: tuple[Part, ...] = ()

    def __str__(self) -> str:
        return "; ".join(map(str, self.parts)) or "all"

    @classmethod
    def parse(cls, text: str, symbolic: bool = False) -> Setting:
        """:func:`parse`, as a constructor."""
        return parse(text, symbolic)

    @property
    def is_all(self) -> bool:
        return not self.parts

    @property
    def symbolic(self) -> bool:
        """Whether a prior or a rate is a symbol (p, tau)."""
        return any(p.symbolic for p in self.parts)

    def part(self, what: str) -> Part | None:
        """The prior part (``"prior"``) or the rate part (``"rate"``), if any."""
        return next((p for p in self.parts if p.kind.what == what), None)

    def with_part(self, other: Setting) -> Setting:
        """Both settings at once (a prior and a rate; two priors are an error)."""
        return _joined(self.parts + other.parts, f"{self}; {other}")

    # --- on a space ------------------------------------------------------------------------------------
    def applies_to(self, space: SampleSpace) -> bool:
        """Whether every part names something ``space`` has (one prior per class, a single prior on two
        classes, a single rate on the binary space, one rate per predicted class of a k × k space).

        >>> from ordertheory.spaces.sample_space import from_name
        >>> [parse(t).applies_to(from_name("scored:4")) for t in ("prior=1/5", "priors=1/3,1/3,1/3", "uniform")]
        [True, False, True]
        """
        try:
            self.on(space)
        except InvalidInput:
            return False
        return True

    def on(self, space: SampleSpace) -> Setting:
        """The same setting written the one way it is written on ``space`` (``uniform`` → ``prior=0.5``
        on two classes; equal class priors of k classes → ``uniform``; the two priors of the binary space →
        its positive prior); a part the space does not have is a one-line error.

        >>> from ordertheory.spaces.sample_space import binary
        >>> str(parse("priors=0.8,0.2; rates=1/2,1/2").on(binary()))
        'prior=0.2; rate=0.5'
        """
        return Setting(tuple(_on(p, space) for p in self.parts))

    def label(self, space: SampleSpace) -> str:
        """The one label of this Π on ``space`` (the label of :meth:`performance_set`)."""
        return "; ".join(_label(p, space) for p in self.on(space).parts) or "all"

    def performance_set(self, space: SampleSpace) -> PerformanceSet:
        """Π on ``space`` with its |Ω| coordinates (no vertex enumeration: see the module).

        >>> from ordertheory.spaces.sample_space import from_name
        >>> parse("uniform").performance_set(from_name("selective:3")).label
        'uniform'
        """
        parts = self.on(space).parts
        if not parts:
            return all_performances(space)
        sets = [_build(p, space) for p in parts]
        constraints: tuple[Constraint, ...] = tuple(c for s in sets for c in s.constraints)
        return PerformanceSet(space, constraints, "; ".join(s.label for s in sets))

    def class_pi(self, space: SampleSpace) -> ClassPi | None:
        """Π as a :class:`~ordertheory.sets.class_pi.ClassPi` (k crisp classes, every performance or
        fixed class priors, no k² coordinates); None where the space or the setting is another kind.

        >>> from ordertheory.spaces.sample_space import multiclass
        >>> parse("uniform").class_pi(multiclass(1000)).label
        'uniform'
        """
        if not space.is_crisp_multiclass:
            return None
        parts = self.on(space).parts
        if not parts:
            return ClassPi.all(space.classes)
        if len(parts) > 1 or parts[0].kind.what != "prior" or parts[0].symbolic:
            return None
        p = parts[0]
        return ClassPi.uniform(space.classes) if p.kind is SettingKind.UNIFORM else ClassPi.fixed(list(p.values))


ALL = Setting()


def _on(p: Part, space: SampleSpace) -> Part:
    """One part, checked against ``space`` and written its one way there."""
    single_prior = space.truth_classes == 2 and not space.is_confusion
    if p.kind.what == "prior":
        k = space.truth_classes
        if not k:
            raise InvalidInput(f"a setting of class priors ({_shown(str(p))}) needs a classification space but got {space.name}")
        if p.kind is SettingKind.UNIFORM:
            values: tuple = (Fraction(1, k),) * k
        elif p.kind is SettingKind.PRIOR:
            if not single_prior:
                raise InvalidInput(f"a single prior ({_shown(str(p))}) is a two-class space's (binary, scored:L, selective:2); "
                                   f"{space.name} takes priors=p1,...,p{k} (or uniform)")
            if p.symbolic:
                return p
            values = (1 - p.values[0], p.values[0])
        else:
            values = p.values
        if len(values) != k:
            raise InvalidInput(f"expected {k} class priors for {space.name} but got {len(values)} in {_shown(str(p))}")
        if single_prior:
            return Part(SettingKind.PRIOR, (values[1],))
        if len(set(values)) == 1:
            return Part(SettingKind.UNIFORM)
        return Part(SettingKind.PRIORS, tuple(values))
    if p.kind is SettingKind.RATE:
        if not space.is_binary:
            raise InvalidInput(f"a single rate ({_shown(str(p))}) is the binary space's; a k × k space takes rates=t1,...,tk")
        return p
    if not (space.is_binary or space.is_confusion):
        raise InvalidInput(f"fixed prediction rates ({_shown(str(p))}) need a k × k confusion space (binary, multiclass:K) "
                           f"but got {space.name}")
    if len(p.values) != space.classes:
        raise InvalidInput(f"expected {space.classes} prediction rates for {space.name} but got {len(p.values)} in {_shown(str(p))}")
    return Part(SettingKind.RATE, (p.values[1],)) if space.is_binary else p


def _label(p: Part, space: SampleSpace) -> str:
    if p.kind is SettingKind.UNIFORM:
        return margin_label(space, "prior", [Fraction(1, space.truth_classes)] * space.truth_classes)
    return margin_label(space, p.kind.what, list(p.values))


def _build(p: Part, space: SampleSpace) -> PerformanceSet:
    if p.kind is SettingKind.UNIFORM:
        k = space.truth_classes
        return fixed_priors(space, [Fraction(1, k)] * k)
    value = p.values[0]
    if p.kind is SettingKind.PRIOR:
        return fixed_prior(space, value)
    if p.kind is SettingKind.RATE:
        return fixed_rate(space, value)
    return (fixed_priors if p.kind is SettingKind.PRIORS else fixed_rates)(space, list(p.values))


# --- the parser --------------------------------------------------------------------------------------------
def parse(text: str, symbolic: bool = False) -> Setting:
    """One setting (see the module); a one-line error naming what was expected otherwise. With
    ``symbolic`` a prior or a rate may be the symbol ``p`` / ``tau`` (kept symbolic by the caller).

    >>> str(parse(" prior = 1/5 ")), str(parse("0.2,0.3,0.5")), str(parse("prior=p", symbolic=True))
    ('prior=0.2', 'priors=0.2,0.3,0.5', 'prior=p')
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"expected a setting ({SYNTAX}) but got {_shown(str(text))}")
    if ";" in text:
        parts: tuple[Part, ...] = ()
        for piece in text.split(";"):
            parts += parse(piece, symbolic).parts
        return _joined(parts, text.strip())
    t = text.strip()
    if t.lower() == "all":
        return ALL
    if t.lower() == "uniform":
        return Setting((Part(SettingKind.UNIFORM),))
    key, sep, rest = (s.strip() for s in t.partition("="))
    if not sep:  # a bare number (a prior), a bare list (class priors) or a bare symbol (p)
        key, rest = ("priors" if "," in t else "prior"), t
        if t.isidentifier() and t not in SYMBOLIC_PRIORS:
            raise InvalidInput(f"expected a setting ({SYNTAX}) but got {_shown(t)}")
    if key not in ("prior", "priors", "rate", "rates") or not rest:
        raise InvalidInput(f"expected a setting ({SYNTAX}) but got {_shown(t)}")
    kind = SettingKind(key)
    values = tuple(v.strip() for v in rest.split(","))
    if kind in (SettingKind.PRIOR, SettingKind.RATE) and len(values) != 1:
        kind = SettingKind.PRIORS if kind is SettingKind.PRIOR else SettingKind.RATES  # prior=a,b: the vector
    return Setting((Part(kind, _values(kind, values, t, symbolic)),))


def _values(kind: SettingKind, values: tuple[str, ...], text: str, symbolic: bool) -> tuple[Fraction | str, ...]:
    what = kind.what
    if len(values) == 1 and values[0].isidentifier():
        names = SYMBOLIC_PRIORS if what == "prior" else SYMBOLIC_RATES
        if values[0] not in names:
            raise InvalidInput(f"expected a number for the {what} (or the symbol {names[0]}) "
                               f"but got {_shown(values[0])}")
        if not symbolic:
            raise InvalidInput(f"a symbolic {what} ({values[0]}) is for 'importance' and 'compare'; give a number here")
        return values
    out = []
    for i, v in enumerate(values):
        if not v:
            raise InvalidInput(f"expected a setting ({SYNTAX}) but got {_shown(text)}")
        q = to_fraction(v, what)
        if not 0 < q < 1:
            raise InvalidInput(f"expected a {what} strictly between 0 and 1 but got {_shown(v)}" if len(values) == 1 else
                               f"expected positive class {what}s summing to 1 but got {_shown(v)} "
                               f"({what} {i + 1} of {len(values)})")
        out.append(q)
    if len(out) > 1 and sum(out) != 1:
        raise InvalidInput(f"expected positive class {what}s summing to 1 but got a sum of {exact_text(sum(out))}")
    return tuple(out)


def _shown(text: str, width: int = 60) -> str:
    """Text as an error message quotes it: one line, cut past ``width`` characters."""
    return repr(text if len(text) <= width else text[:width - 3] + "...")


def _joined(parts: tuple[Part, ...], text: str) -> Setting:
    """Parts held at once: at most one prior part and one rate part, the prior first."""
    by: dict[str, Part] = {}
    for p in parts:
        if p.kind.what in by:
            raise InvalidInput(f"expected at most one prior and one rate in a setting but got {_shown(text)}")
        by[p.kind.what] = p
    return Setting(tuple(by[w] for w in ("prior", "rate") if w in by))


def parse_settings(text: str, symbolic: bool = False) -> list[Setting]:
    """Comma-separated settings (the catalogue's, the sweep's ``--settings``); the numbers after
    ``priors=`` or ``rates=`` belong to it (``all,priors=1/2,1/2``).

    >>> [str(s) for s in parse_settings("all, prior=0.5, rates=1/4,3/4")]
    ['all', 'prior=0.5', 'rates=0.25,0.75']
    """
    out: list[list[str]] = []
    for token in (t.strip() for t in str(text).split(",")):
        if out and out[-1][0].startswith(("priors=", "rates=")) and _NUMBER.match(token or "-"):
            out[-1].append(token)
        else:
            out.append([token])
    if not out or any(not t[0] for t in out):
        raise InvalidInput(f"expected settings such as all,prior=0.2 but got {_shown(str(text))}")
    return [parse(",".join(t), symbolic) for t in out]


def from_options(prior: str | None = None, rate: str | None = None, symbolic: bool = False) -> Setting:
    """The setting of a command's ``--prior`` and ``--rate``: ``--prior`` is any setting (a bare P
    or list: priors), ``--rate`` a rate (a bare T) or rates (a bare list); both hold at once.

    >>> str(from_options("uniform", "0.25"))
    'uniform; rate=0.25'
    """
    out = ALL
    if prior is not None:
        out = parse(prior, symbolic)
    if rate is not None:
        r = rate.strip()
        if "=" not in r:
            r = f"rate{'s' if ',' in r else ''}={r}"
        parsed = parse(r, symbolic)
        if parsed.part("prior") is not None:
            raise InvalidInput(f"expected a rate T or rates t1,...,tk for --rate but got {_shown(rate)}")
        out = out.with_part(parsed) if not out.is_all else parsed
    return out


def setting(space: SampleSpace, text: str | Setting, symbolic: bool = True) -> PerformanceSet:
    """Π on ``space`` from a setting as the commands write it (see the module); P and T may be the
    symbols p and tau.

    >>> from ordertheory.spaces.sample_space import binary
    >>> setting(binary(), "prior=1/5; rate=1/4").label
    'prior=0.2; rate=0.25'
    >>> setting(binary(), "0.5").label, setting(binary(), "rate=tau").label
    ('prior=0.5', 'rate=tau')
    """
    st = text if isinstance(text, Setting) else parse(text, symbolic)
    return st.performance_set(space)
