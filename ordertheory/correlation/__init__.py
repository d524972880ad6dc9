"""Rank correlation with the ranking scores (numeric: floats, labelled as such)."""
