"""Sample spaces Ω and their satisfaction S (paper §3.1, §3.3): the first objects of the theory.

- :mod:`~ordertheory.spaces.sample_space`: Ω as named outcomes with S (binary, multiclass:K, ordinal:K,
  scored:L, selective:K), read from a name by :func:`from_name`; :mod:`~ordertheory.spaces.custom_space`: a
  user's own outcomes and S;
- :mod:`~ordertheory.spaces.class_outcomes`: the k² outcome names of a k-class space (and the 2L of a scored
  space of many levels), made on demand;
- :mod:`~ordertheory.spaces.labels`: which of two class labels is positive.
"""

from ordertheory.spaces.custom_space import custom
from ordertheory.spaces.sample_space import (
    SampleSpace,
    binary,
    from_name,
    multiclass,
    scored,
    selective,
)

__all__ = ["SampleSpace", "binary", "custom", "from_name", "multiclass", "scored", "selective"]
