"""Preorders on a few elements: counted (OEIS A000798), listed (labelled or up to isomorphism), drawn as Hasse diagrams."""

from ordertheory.theory.preorders.counting import count_preorders
from ordertheory.theory.preorders.listing import labelled_preorders, preorders_up_to_isomorphism

__all__ = ["count_preorders", "labelled_preorders", "preorders_up_to_isomorphism"]
