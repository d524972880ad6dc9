"""``python -m bench --help`` prints the usage and exits 0; an unknown benchmark is one line, exit 2
(both were a KeyError traceback)."""

from __future__ import annotations

from bench.__main__ import main


def test_help_prints_the_usage_and_exits_0(capsys):
    for flag in ("--help", "-h"):
        assert main([flag]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Run the benchmarks: python -m bench [") and "Traceback" not in out


def test_an_unknown_benchmark_is_one_line_with_the_list_and_exit_2(capsys):
    assert main(["nope"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("error: unknown benchmark 'nope'")
    assert "differential" in err and "all" in err


def test_help_of_a_benchmark_without_options_is_its_docstring_not_a_run(capsys, monkeypatch):
    import bench.classes

    monkeypatch.setattr(bench.classes, "run", lambda: (_ for _ in ()).throw(AssertionError("the benchmark ran")))
    assert main(["classes", "--help"]) == 0
    assert capsys.readouterr().out.startswith("A benchmark-sized k-class leaderboard")
