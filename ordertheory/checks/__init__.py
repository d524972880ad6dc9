"""Checks: obligations, verdicts, and the decisions built on them (lemmas, cases, score tests)."""
