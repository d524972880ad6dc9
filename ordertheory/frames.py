"""Tables as pandas DataFrames (the optional ``frames`` extra): the one place that imports pandas,
on first use, so that nothing else of the package needs it.

>>> data_frame([{"entity": "A", "rank": 1}], "entity").loc["A", "rank"]
np.int64(1)
"""

from __future__ import annotations

from ordertheory.errors import InvalidInput


def data_frame(rows: list[dict], index: str):
    """A DataFrame of ``rows`` indexed by the column ``index`` (a one-line error without pandas)."""
    try:
        import pandas as pd
    except ImportError:
        raise InvalidInput("to_frame needs pandas: pip install 'ordertheory[frames]'") from None
    return pd.DataFrame(rows).set_index(index)
