"""The red-team leaderboards of issue 45's findings, one file each (name → bytes): non-UTF-8 text,
5000-digit counts and labels (dense, sparse, JSON), NaN and infinity (as counts, scores and labels),
JSON nested past the recursion limit, a CSV field past the csv module's limit, a non-ASCII digit.

Every reader must refuse each with one line of bad input (the CLI: exit 2; the playground: 400).
"""

BIG = "9" * 5000
REST = "A,1,1,1\nB,0,1,2\nB,1,1,2\n"  # a sparse leaderboard after its first row


def _sparse(true: str, count: str) -> bytes:
    return f"entity,true,pred,count\nA,{true},0,{count}\n{REST}".encode()


def _raw(scores: str) -> bytes:
    return ('[{"entity": "A", "y_true": [0, 1, 1], "y_score": [0.1, @, 0.9]},'
            ' {"entity": "B", "y_true": [0, 1, 1], "y_score": [0.2, 0.5, 0.7]}]').replace("@", scores).encode()


def _sparse_json(count: str) -> bytes:
    return ('[{"entity": "A", "true": 0, "pred": 0, "count": @}, {"entity": "A", "true": 1, "pred": 1, "count": 1},'
            ' {"entity": "B", "true": 0, "pred": 1, "count": 2}]').replace("@", count).encode()


RED_TEAM: dict[str, bytes] = {
    "not_utf8.csv": b"entity,tn,fp,fn,tp\nA,1,2,3,4\n\xff\xfe,1,1,1,1\n",
    "not_utf8.json": b'[{"entity": "\xff", "tn": 1, "fp": 1, "fn": 1, "tp": 1}]',
    "dense_5000_digits.csv": f"entity,tn,fp,fn,tp\nA,{BIG},1,1,1\nB,1,1,1,1\n".encode(),
    "dense_nan.csv": b"entity,tn,fp,fn,tp\nA,nan,1,1,1\nB,1,1,1,1\n",
    "dense_inf.json": b'[{"entity": "A", "tn": Infinity, "fp": 1, "fn": 1, "tp": 1}, {"entity": "B", "tn": 1, '
                      b'"fp": 1, "fn": 1, "tp": 1}]',
    "sparse_5000_digits.csv": _sparse("0", BIG),
    "sparse_5000_digit_label.csv": _sparse(BIG, "1"),
    "sparse_nan.csv": _sparse("0", "nan"),
    "sparse_inf.csv": _sparse("0", "inf"),
    "sparse_superscript.csv": _sparse("0", "\u00b2"),
    "sparse_5000_digits.json": _sparse_json(BIG),
    "sparse_nan.json": _sparse_json("NaN"),
    "cells_5000_digit_label.json": ('[{"entity": "A", "cells": [[@, 0, 1], [1, 1, 1]]}, {"entity": "B", "cells": '
                                    '[[0, 1, 2], [1, 1, 2]]}]').replace("@", BIG).encode(),
    "scores_nan.json": _raw("NaN"),
    "scores_inf.json": _raw("1e999"),
    "scores_text.json": _raw('"abc"'),
    "scores_5000_digits.json": _raw(BIG),
    "labels_object.json": b'[{"entity": "A", "y_true": [0, 1, {}], "y_pred": [0, 1, 1]}, {"entity": "B", '
                          b'"y_true": [0, 1, 1], "y_pred": [1, 1, 1]}]',
    "labels_nan.json": b'[{"entity": "A", "y_true": [0, 1, NaN], "y_pred": [0, 1, 1]}, {"entity": "B", '
                       b'"y_true": [0, 1, 1], "y_pred": [1, 1, 1]}]',
    "nested.json": b"[" * 100_000 + b"]" * 100_000,
    "long_field.csv": b"entity,tn,fp,fn,tp\nA,1,2,3," + b"1" * 200_000 + b"\nB,1,1,1,1\n",
    "empty.json": b"",
}
