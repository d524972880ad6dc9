"""The Coq export: every statement the package proves written as a Coq theorem with a generated proof
script, and the kernel's check of them (``ordertheory export coq``, the paper job's ``proofs/coq/``)."""
