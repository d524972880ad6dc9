"""Which importance does a score encode (§4.3, A.6), and which satisfaction? Derived, never looked up.

:mod:`~ordertheory.analyses.importance.importance` derives I with sympy (X = R_I or X = g(R_I) on Π),
helped by :mod:`~ordertheory.analyses.importance.linear_fractional` and
:mod:`~ordertheory.analyses.importance.monotone_transform`; :mod:`~ordertheory.analyses.importance.domain`
compares the domains; :mod:`~ordertheory.analyses.importance.encoded_satisfaction` is the dual question;
:mod:`~ordertheory.analyses.importance.derivation` and :mod:`~ordertheory.analyses.importance.derivation_chains`
write the derivations a reader can check.
"""

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.encoded_satisfaction import EncodedSatisfaction, encoded_satisfaction
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind

__all__ = ["EncodedSatisfaction", "ImportanceDerivation", "ImportanceKind", "derive_importance",
           "encoded_satisfaction"]
