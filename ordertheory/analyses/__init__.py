"""Analyses built on the theory: which importance a score encodes, rank correlation (Kendall τ,
numeric and labelled as such)."""
