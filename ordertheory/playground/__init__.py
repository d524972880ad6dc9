"""The playground: a local web application over the package (``ordertheory serve``).

A front end like ``cli/``: it wires the package together and nothing below imports it. Four
pages — order statements (prove, readable proof or drawn counter-model, exercises), my score
(check, witness on the ROC plane, importance and Tile position), a leaderboard (every file ``rank``
ranks, answered as ``rank --json``; winners, the Tile's winner map) and a benchmark (a table of tasks,
answered as ``tasks --json``, with the critical-difference diagram). Starlette serves them (uvicorn runs it); every computation runs
in a worker process under the command's deadline (:mod:`ordertheory.playground.workers`), within
the request limits of :mod:`ordertheory.playground.limits`, and writes only inside one temporary
folder.
"""
