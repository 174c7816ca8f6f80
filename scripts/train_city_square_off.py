"""Learn the City Square Off evaluation's weights by self-play (docs/games/city-square-off.md, "Bots").

    python scripts/train_city_square_off.py --games 500 --iterations 4 --validation 200 --seed 0 \
        --out src/ludoteca/games/city_square_off/data/evaluation.json

Deterministic under its seed (same arguments, same file). The play and the fit are in the game's
own folder (`ludoteca.games.city_square_off.training`); this script adds the progress bar and
writes the file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.progress import Progress

from ludoteca.games.city_square_off import training


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="self-play deals per iteration")
    parser.add_argument("--iterations", type=int, default=4, help="play-then-fit rounds")
    parser.add_argument("--validation", type=int, default=200, help="held-out deals per iteration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random placements")
    parser.add_argument("--ridge", type=float, default=1.0, help="ridge penalty on standardised features")
    parser.add_argument("--workers", type=int, default=1, help="processes (the result does not depend on it)")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    args = parser.parse_args(argv)
    with Progress(transient=True) as bar:
        task = bar.add_task("self-play", total=None)
        learned = training.train(
            args.games, args.iterations, args.seed, args.epsilon, args.ridge, args.validation,
            progress=lambda done, total: bar.update(task, completed=done, total=total), workers=args.workers,
        )
    args.out.write_text(json.dumps(learned, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for record in learned["training"]["history"]:
        print(json.dumps(record), file=sys.stderr)
    return learned


if __name__ == "__main__":
    main()
