"""The Python package against the command line: the same answers (the
fields of --json), the same one-line errors, networkx graphs in, edge
lists out, Ctrl-C honoured. Run with pytest after `pip install .`."""

import json
import os
import pathlib
import signal
import subprocess
import threading
import time

import networkx as nx
import pytest

import ramsey_verify as rv

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("RAMSEY_VERIFY_BIN", str(ROOT / "target" / "release" / "ramsey-verify"))


def cli_json(*args):
    out = subprocess.run([BINARY, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k != "seconds" and not k.endswith("_edges")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


needs_binary = pytest.mark.skipif(not os.path.exists(BINARY), reason="the CLI binary is not built")


@needs_binary
def test_solve_is_the_command_lines_answer():
    sim = rv.solve(rules="misere", board=6, target="K3", threads=1)
    assert sim["score"]["winner"] == "blue"
    assert untimed(sim) == untimed(cli_json("solve", "--rules", "misere", "--board", "6", "--target", "K3", "--threads", "1"))


@needs_binary
def test_erdos_colour_verify_and_check_are_the_command_lines_answers(tmp_path):
    assert untimed(rv.erdos(board=6, game="clique")) == untimed(cli_json("erdos", "--board", "6", "--game", "clique"))
    assert untimed(rv.colour("grid:3x3", game_chromatic=True)) == untimed(
        cli_json("colour", "--graph", "grid:3x3", "--game-chromatic"))
    assert untimed(rv.verify("k3", "inf", 4)) == untimed(
        cli_json("verify", "--strategy", "k3", "--board", "inf", "--bound", "4"))
    accepted = rv.check(ROOT / "proofs" / "k3-inf.cert")
    assert untimed(accepted) == untimed(cli_json("check", str(ROOT / "proofs" / "k3-inf.cert")))
    assert accepted["valid"] is True


def test_a_broken_strategy_is_refuted_with_a_drawable_counterexample():
    report = rv.verify("k3-broken-scatters", "inf", 4, threads=1)
    assert report["verdict"] == "refuted"
    edges = report["counterexample_edges"]
    assert edges and all(isinstance(u, int) and isinstance(v, int) for u, v in edges)
    graph = nx.Graph(edges)
    assert graph.number_of_edges() == len(edges)


def test_networkx_graphs_are_boards_and_targets():
    by_name = rv.solve(rules="avoid", board=5, target="K3")
    by_graph = rv.solve(rules="avoid", board=nx.complete_graph(5), target=nx.complete_graph(3))
    assert untimed(by_name)["score"] == untimed(by_graph)["score"]
    assert rv.graph6(nx.path_graph(["a", "b", "c"])) == "Bg"
    petersen = rv.colour(nx.petersen_graph(), game_chromatic=True)
    assert petersen["game_chromatic_number"] >= petersen["chromatic_number"]
    line = by_name["line_edges"]
    assert all(len(edge) == 2 for edge in line)


def test_bad_input_raises_the_command_lines_one_line_message():
    with pytest.raises(rv.BadInput, match=r"^unknown rules `nope`"):
        rv.solve(rules="nope", board=6, target="K3")
    with pytest.raises(ValueError):
        rv.erdos(board="not graph6 ~~~")
    with pytest.raises(rv.BadInput):
        rv.verify("no-such-strategy")
    with pytest.raises(rv.BadInput):
        rv.colour(nx.DiGraph([(0, 1)]), game_chromatic=True)
    with pytest.raises(rv.BadInput):
        rv.check("/nonexistent/certificate")


def test_a_tampered_certificate_is_rejected_not_raised(tmp_path):
    text = (ROOT / "proofs" / "k3-inf.cert").read_text().splitlines(keepends=True)
    assert " 0-4 " in text[-1]
    text[-1] = text[-1].replace(" 0-4 ", " 0-1 ")  # a changed move
    tampered = tmp_path / "tampered.cert"
    tampered.write_text("".join(text))
    verdict = rv.check(tampered)
    assert verdict["valid"] is False


def test_a_memory_cap_is_no_verdict():
    with pytest.raises(rv.NoVerdict, match="cap of 1 MiB"):
        rv.solve(rules="misere", board=7, target="K3", max_memory=1)


def test_ctrl_c_stops_a_long_search():
    # SIGINT to ourselves while 8-Sim (minutes) runs: KeyboardInterrupt soon.
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        rv.solve(rules="misere", board=8, target="K3", threads=1)
    assert time.monotonic() - started < 10


def test_the_example_script_draws_its_table(tmp_path):
    example = ROOT / "python" / "examples" / "small_table.py"
    subprocess.run(["python", str(example), str(tmp_path / "table.png")], check=True)
    png = (tmp_path / "table.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 1000


def test_certificates_written_from_python_are_accepted_by_the_checker(tmp_path):
    draw = tmp_path / "draw.cert"
    assert rv.solve(rules="achieve", board=5, target="C4", cert=draw)["score"]["result"] == "draw"
    vc = tmp_path / "vc.cert.gz"
    rv.erdos(board="colex:9", game="vc", cert=vc)
    tree = tmp_path / "tree.cert"
    assert rv.colour("path:5", game_chromatic=True, cert=tree)["game_chromatic_number"] == 3
    for path in (draw, vc, tree):
        assert rv.check(path)["valid"] is True, path
    with pytest.raises(rv.BadInput):
        rv.erdos(board=6, game="all", cert=tmp_path / "two.cert")
    with pytest.raises(OSError):
        rv.solve(rules="misere", board=5, target="K3", cert="/nonexistent/dir/x.cert")


@needs_binary
def test_limits_and_bounds_are_refused_with_the_command_lines_messages():
    for kwargs, flags in [({"bound": 0}, ["--bound", "0"]), ({"bound": 201}, ["--bound", "201"]),
                          ({"max_memory": 0}, ["--max-memory", "0"])]:
        cli = subprocess.run([BINARY, "verify", "--strategy", "k3", *flags], capture_output=True, text=True)
        assert cli.returncode == 2
        with pytest.raises(rv.BadInput) as raised:
            rv.verify("k3", **kwargs)
        assert str(raised.value) in cli.stderr, (kwargs, cli.stderr)
