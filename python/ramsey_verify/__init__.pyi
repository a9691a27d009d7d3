from os import PathLike
from typing import Any, Optional, Union

import networkx

Graph = Union[str, int, "networkx.Graph"]
Json = dict[str, Any]
Path = Union[str, "PathLike[str]"]

class BadInput(ValueError): ...
class NoVerdict(RuntimeError): ...

def graph6(graph: Graph) -> str: ...
def solve(rules: str, board: Graph, target: Optional[Graph] = None, *,
          target_red: Optional[Graph] = None, target_blue: Optional[Graph] = None,
          start: Optional[str] = None, first: Optional[str] = None, budget: Optional[int] = None,
          census: bool = False, cert: Optional[Path] = None, threads: Optional[int] = None,
          max_memory: Optional[int] = None) -> Json: ...
def verify(strategy: str, board: Union[str, int] = "inf", bound: int = 50, *,
           rules: Optional[str] = None, threads: Optional[int] = None,
           max_memory: Optional[int] = None) -> Json: ...
def erdos(board: Graph, game: str = "all", *, head_start: Optional[str] = None,
          bob_first: bool = False, winner_only: bool = False,
          cert: Optional[Path] = None, threads: Optional[int] = None,
          max_memory: Optional[int] = None) -> Json: ...
def colour(graph: Graph, game: Optional[str] = None, colours: Optional[int] = None, *,
           game_chromatic: bool = False, order: Optional[str] = None, owner: Optional[str] = None,
           linear_only: bool = False, cert: Optional[Path] = None, threads: Optional[int] = None,
           max_memory: Optional[int] = None) -> Json: ...
def check(path: Union[str, "PathLike[str]"], *, threads: Optional[int] = None) -> Json: ...
