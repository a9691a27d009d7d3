"""ramsey-verify from Python: certify strategies and solve graph games exactly.

Each function is one command of the ``ramsey-verify`` command line and returns
the object its ``--json`` prints, as plain Python dicts and lists (the fields
are documented in the guide's "JSON output and exit codes" page). On top of
that:

* graphs (boards, targets, graphs to colour) may be graph6 strings or
  networkx graphs;
* every line of an edge game (``line``, ``longest_line``, ``counterexample``)
  gets a sibling ``line_edges`` (``longest_line_edges``, ...): the same moves
  as a list of ``(u, v)`` tuples that ``networkx`` can draw;
* bad input raises :class:`BadInput` (a ``ValueError``) and a search stopped
  by a limit raises :class:`NoVerdict` (a ``RuntimeError``), with the command
  line's one-line messages;
* ``threads`` (default: every core) and ``max_memory`` (MiB) are keyword
  arguments; searches run with the GIL released and stop on Ctrl-C
  (``KeyboardInterrupt``).

Example::

    import ramsey_verify as rv
    sim = rv.solve(rules="misere", board=6, target="K3")
    sim["winner"]        # 'blue'
    rv.verify(strategy="k3", board="inf", bound=4)["verdict"]   # 'VERIFIED'
"""

import json as _json

from . import _native
from ._native import BadInput, NoVerdict

__all__ = ["solve", "verify", "erdos", "colour", "check", "graph6", "BadInput", "NoVerdict"]


def graph6(graph):
    """A graph as graph6 text: a graph6 string is returned as it is; a
    networkx graph is relabelled 0..n-1 in the order of ``graph.nodes``
    (the vertex numbers every result uses) and encoded."""
    if isinstance(graph, str):
        return graph
    if isinstance(graph, int):
        return str(graph)
    try:
        import networkx as nx
    except ImportError as e:  # pragma: no cover - only without networkx
        raise BadInput("a graph must be a graph6 string (networkx is not installed)") from e
    if not isinstance(graph, nx.Graph) or graph.is_directed() or graph.is_multigraph():
        raise BadInput("a graph must be a graph6 string or a simple undirected networkx graph")
    index = {node: i for i, node in enumerate(graph.nodes)}
    labelled = nx.relabel_nodes(graph, index)
    return nx.to_graph6_bytes(labelled, nodes=range(len(index)), header=False).decode().strip()


# The keys under which edge games' results give a line of moves.
_LINE_KEYS = ("line", "longest_line", "counterexample")


def _move_edges(move):
    """The edges of one move as the JSON writes it: "u-v", {"edge": [u, v],
    ...}, [u, v], or a set move [[u, v], [x, y]]."""
    if isinstance(move, str):
        u, v = move.split("-")
        return [(int(u), int(v))]
    if isinstance(move, dict):
        return _move_edges(move["edge"]) if "edge" in move else []
    if len(move) == 2 and all(isinstance(x, int) for x in move):
        return [tuple(move)]
    return [edge for part in move for edge in _move_edges(part)]


def _with_edges(value):
    """Adds ``line_edges`` (a list of (u, v)) beside every line of an edge
    game's result, recursively."""
    if isinstance(value, list):
        return [_with_edges(v) for v in value]
    if not isinstance(value, dict):
        return value
    for key in list(value):
        value[key] = _with_edges(value[key])
    for key in _LINE_KEYS:
        if isinstance(value.get(key), list):
            value[key + "_edges" if key != "line" else "line_edges"] = [
                edge for move in value[key] for edge in _move_edges(move)]
    return value


def _path(path):
    return None if path is None else str(path)


def _answer(text):
    return _with_edges(_json.loads(text))


def solve(rules, board, target=None, *, target_red=None, target_blue=None, start=None,
          first=None, budget=None, census=False, cert=None, threads=None, max_memory=None):
    """``solve --rules RULES --board BOARD --target TARGET --json``: who wins a
    graph Ramsey game (Slany's rule sets: achieve, avoid, misere, ...) with
    perfect play, in how many moves, and an optimal line. ``board`` is n, a
    graph6 string or a networkx graph (or "inf" with ``budget``); targets are
    names ("K3", "C4", "K1,3") or graphs. ``budget=b``: does the first player
    win within b of her moves? ``census=True``: positions per ply.
    ``cert=PATH`` writes the proof certificate of the exact solve (the
    winner's strategy, or both players' on a draw; gzipped if PATH ends in
    .gz), as ``--cert`` does; check it with :func:`check`."""
    target, target_red, target_blue = (
        None if t is None else graph6(t) for t in (target, target_red, target_blue))
    return _answer(_native.solve(str(rules), graph6(board), target, target_red=target_red,
                                 target_blue=target_blue, start=start, first=first, budget=budget,
                                 census=census, cert=_path(cert), threads=threads,
                                 max_memory=max_memory))


def verify(strategy, board="inf", bound=50, *, rules=None, threads=None, max_memory=None):
    """``verify --strategy STRATEGY --board BOARD --bound BOUND --json``: does
    the built-in strategy win within ``bound`` of her moves against every
    reply? ``board`` is "inf" (K_aleph0) or n (K_n)."""
    return _answer(_native.verify(str(strategy), str(board), int(bound), rules=rules,
                                  threads=threads, max_memory=max_memory))


def erdos(board, game="all", *, head_start=None, bob_first=False, winner_only=False,
          cert=None, threads=None, max_memory=None):
    """``erdos --game GAME --board BOARD --json``: Erdős' scoring games
    (clique, star, vc, colex, a list, or all) solved exactly. ``board`` is n,
    "colex:m", graph6 or a networkx graph. ``cert=PATH`` (one game) writes
    its certificate: Alice's strategy for "at least", Bob's for "at most"."""
    return _answer(_native.erdos(graph6(board), str(game), head_start=head_start,
                                 bob_first=bob_first, winner_only=winner_only, cert=_path(cert),
                                 threads=threads, max_memory=max_memory))


def colour(graph, game=None, colours=None, *, game_chromatic=False, order=None, owner=None,
           linear_only=False, cert=None, threads=None, max_memory=None):
    """``colour --graph GRAPH --game GAME --colours K --json`` (or
    ``game_chromatic=True``): Bodlaender's colouring games. ``graph`` is
    graph6, a family name ("grid:4x4", "path:7", ...) or a networkx graph.
    ``cert=PATH`` writes the certificate (the winner's strategy; with
    ``game_chromatic``, both sides of chi_g)."""
    # Colouring lines are (vertex, colour) pairs, not edges: left as they are.
    return _json.loads(_native.colour(graph6(graph), game, colours, game_chromatic=game_chromatic,
                                      order=order, owner=owner, linear_only=linear_only,
                                      cert=_path(cert), threads=threads, max_memory=max_memory))


def check(path, *, threads=None):
    """``check FILE --json``: the independent checker's verdict on a
    certificate (``valid`` is True or False, with the reason); an unreadable
    file raises :class:`BadInput`."""
    return _json.loads(_native.check(str(path), threads=threads))
