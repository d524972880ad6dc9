# Generated documentation pages repeat docstrings that are already doctested in the package;
# docs/gen.py is a build script, not a test module.
collect_ignore_glob = ["docs/reference/*", "docs/gen.py", "build/*", "tests/golden/*"]
