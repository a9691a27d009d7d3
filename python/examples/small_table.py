"""Who wins Slany's graph Ramsey games on K4..K6 with a triangle target,
for each rule set, drawn as a table with matplotlib.

    python python/examples/small_table.py table.png
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import ramsey_verify as rv  # noqa: E402

RULES = ["achieve", "avoid", "misere", "avoid-plus"]
BOARDS = [4, 5, 6]


def main(path):
    cells = [[rv.solve(rules=r, board=n, target="K3")["score"]["result"] for n in BOARDS] for r in RULES]
    figure, axes = plt.subplots(figsize=(5, 2.2))
    axes.axis("off")
    axes.table(cellText=cells, rowLabels=RULES, colLabels=[f"K{n}" for n in BOARDS], loc="center")
    axes.set_title("Target K3: who wins with perfect play")
    figure.savefig(path, dpi=100, bbox_inches="tight")
    for rules, row in zip(RULES, cells):
        print(rules, *row)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "table.png")
