"""Benchmarks: `python -m bench [engine|table1|all]` (or `make bench`), ratios against baselines
measured in the same run."""
