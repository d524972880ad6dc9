"""Documents: the derivation model (statements) and deterministic Markdown / LaTeX rendering."""
