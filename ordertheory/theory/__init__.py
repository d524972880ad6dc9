"""The theory as computations: statements of the paper and the lemmas that make them cheap."""
