"""The paper itself as data to check: its printed claims, Table 1 (one runner)."""
