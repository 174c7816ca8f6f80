"""The pieces of City Square Off and every place they can go, precomputed once.

A player's city is kept as a bitmask over a 17×17 plane: the 9×9 grid plus a 4-square margin
on every side, enough for City Expansion (a tile must keep one square on the grid, so nothing can
ever lie further than 4 squares out). Square (row, col) of the grid, 0-based and possibly negative
off the grid, is bit `(row + MARGIN) * PLANE + (col + MARGIN)`.

Legal placements are found a whole orientation at a time with bit-parallel shifts (the classic
bitboard technique): an anchor fits where every cell of the shape, shifted onto it, is free, and
touches where any shifted cell is next to a covered square. That keeps move generation fast
enough for search bots without changing the rules it implements.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from ludoteca.core.data import load_json
from ludoteca.core.messages import Message

from .messages import MESSAGES
from .notation import Place, Placement

PACKAGE = __package__
MARGIN = 4


@dataclass(frozen=True)
class Piece:
    """A tile or starter: its id, name (the catalogue's `component.shape.<id>`, in the reader's
    language) and canonical orientations (token → cells)."""

    id: str
    is_starter: bool
    orientations: dict[str, tuple[tuple[int, int], ...]]
    aliases: dict[str, str]  # each of r0–r3, f0–f3 → the canonical token with the same cells

    @property
    def names(self) -> Message:
        return MESSAGES.message(f"component.shape.{self.id}")


def orientations(cells: list[list[int]]) -> tuple[dict[str, tuple[tuple[int, int], ...]], dict[str, str]]:
    """The canonical orientations of a piece (spec §5.2), and what every token is an alias of.

    Candidates r0–r3 then f0–f3; one whose cells equal an earlier candidate's is dropped.
    """
    canonical: dict[str, tuple[tuple[int, int], ...]] = {}
    aliases: dict[str, str] = {}
    first_token: dict[tuple[tuple[int, int], ...], str] = {}
    for flip in (False, True):
        current = [(r, -c) if flip else (r, c) for r, c in cells]
        for turns in range(4):
            token = f"{'f' if flip else 'r'}{turns}"
            normal = _normalise(current)
            if normal not in first_token:
                first_token[normal] = token
                canonical[token] = normal
            aliases[token] = first_token[normal]
            current = [(c, -r) for r, c in current]
    return canonical, aliases


def _normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


@dataclass(frozen=True)
class Geometry:
    """Grid size, names of squares, the logo, and the plane the bitmasks live on."""

    rows: int
    cols: int
    letters: str
    logo: frozenset[tuple[int, int]]
    centre: tuple[int, int]
    min_logo: int

    @cached_property
    def plane(self) -> int:
        return max(self.rows, self.cols) + 2 * MARGIN

    def bit(self, row: int, col: int) -> int:
        return 1 << ((row + MARGIN) * self.plane + (col + MARGIN))

    def on_grid(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def in_plane(self, row: int, col: int) -> bool:
        return -MARGIN <= row < self.rows + MARGIN and -MARGIN <= col < self.cols + MARGIN

    def mask(self, squares: Iterable[tuple[int, int]]) -> int:
        total = 0
        for row, col in squares:
            total |= self.bit(row, col)
        return total

    @cached_property
    def grid_mask(self) -> int:
        return self.mask((r, c) for r in range(self.rows) for c in range(self.cols))

    def square_name(self, row: int, col: int) -> str:
        if self.on_grid(row, col):
            return f"{self.letters[col]}{row + 1}"
        return f"[{row + 1},{col + 1}]"



@dataclass(frozen=True)
class Footprint:
    """Where a placement lies: its squares, and the squares beside them (for the touch rule)."""

    squares: tuple[tuple[int, int], ...]
    mask: int
    border: int
    on_grid: int  # how many of its squares are on the grid
    whole: bool  # all of it on the grid, as every placement outside City Expansion must be


@dataclass(frozen=True)
class Shape:
    """One orientation of a piece, ready for bit-parallel placement search.

    `offsets` are the bit distances of its cells from its anchor (the first cell, so all ≥ 0);
    `on_grid` / `on_plane` have a bit at every anchor where the shape lies wholly on the grid /
    on the plane with at least one square on the grid; `actions` maps the bit length of an anchor
    bit (its index + 1) to its action, which lets a search read anchors from the top bit down.
    `cells` are the positions of its offsets in the piece's `PieceShapes.offsets`.
    """

    offsets: tuple[int, ...]
    cells: tuple[int, ...]
    on_grid: int
    on_plane: int
    actions: dict[int, Place]


@dataclass(frozen=True)
class PieceShapes:
    """All orientations of a piece, and the distinct offsets their cells use between them.

    Orientations share most offsets (every one has 0, most have 1 and one row down), so a search
    shifts the city once per distinct offset instead of once per cell of every orientation.
    """

    offsets: tuple[int, ...]
    shapes: tuple[Shape, ...]


class Catalogue:
    """All pieces and all their placements, built once from the data files."""

    def __init__(self) -> None:
        grid = load_json(PACKAGE, "grid.json")
        shapes = load_json(PACKAGE, "shapes.json")
        letters = grid["column_letters"]
        self.geometry = geometry = Geometry(
            rows=grid["rows"],
            cols=grid["columns"],
            letters=letters,
            logo=frozenset((int(s[1:]) - 1, letters.index(s[0])) for s in grid["logo"]),
            centre=(int(grid["centre"][1:]) - 1, letters.index(grid["centre"][0])),
            min_logo=grid["starter_rule"]["min_logo_squares"],
        )
        self.tiles = [self._piece(t, False) for t in shapes["tiles"]]
        self.starters = [self._piece(s, True) for s in shapes["starters"]]
        self.pieces = {p.id: p for p in self.tiles + self.starters}
        self.piece_order = {p.id: i for i, p in enumerate(self.tiles + self.starters)}
        self.sizes = {p.id: len(p.orientations["r0"]) for p in self.tiles + self.starters}
        self.tile_squares = sum(self.sizes[t.id] for t in self.tiles)
        self.squares_per_card = self.tile_squares / len(self.tiles)  # the mean size of a shape card
        self.grid_mask = geometry.grid_mask
        # every placement whose squares all lie on the plane and at least one on the grid,
        # in canonical order: piece, orientation, anchor row, anchor column
        tables = {piece.id: self._placements(piece) for piece in self.pieces.values()}
        self.footprints: dict[Placement, Footprint] = {
            action: footprint for table in tables.values() for action, footprint in table}
        self.plane_mask = geometry.mask(
            (r, c)
            for r in range(-MARGIN, geometry.rows + MARGIN)
            for c in range(-MARGIN, geometry.cols + MARGIN)
        )
        self._left_edge = geometry.mask((r, -MARGIN) for r in range(-MARGIN, geometry.rows + MARGIN))
        self._right_edge = geometry.mask(
            (r, geometry.cols + MARGIN - 1) for r in range(-MARGIN, geometry.rows + MARGIN)
        )
        self.shapes = {piece.id: self._shapes(piece, tables[piece.id]) for piece in self.pieces.values()}
        self.starter_placements = {
            anywhere: {
                starter.id: [a for a, fp in tables[starter.id] if self._starter_fits(fp, anywhere)]
                for starter in self.starters
            }
            for anywhere in (False, True)
        }

    def _shapes(self, piece: Piece, table: list[tuple[Place, Footprint]]) -> PieceShapes:
        plane = self.geometry.plane
        per_orientation = {
            token: tuple((r - cells[0][0]) * plane + (c - cells[0][1]) for r, c in cells)
            for token, cells in piece.orientations.items()
        }
        union = tuple(sorted({offset for offsets in per_orientation.values() for offset in offsets}))
        shapes = []
        for token, offsets in per_orientation.items():
            placed = [(action, fp) for action, fp in table if action.orient == token]
            shapes.append(Shape(
                offsets=offsets,
                cells=tuple(union.index(offset) for offset in offsets),
                on_grid=sum(fp.mask & -fp.mask for _, fp in placed if fp.whole),
                on_plane=sum(fp.mask & -fp.mask for _, fp in placed),
                actions={(fp.mask & -fp.mask).bit_length(): action for action, fp in placed},
            ))
        return PieceShapes(union, tuple(shapes))

    def beside(self, covered: int) -> int:
        """The squares next to a covered square (side contact), on the plane."""
        plane = self.geometry.plane
        return (
            ((covered << 1) & ~self._left_edge)
            | ((covered >> 1) & ~self._right_edge)
            | (covered << plane)
            | (covered >> plane)
        ) & self.plane_mask

    def regions(self, free: int) -> list[int]:
        """The orthogonally connected groups of the squares in `free`, as masks, lowest bit first.

        `free` must lie on the grid: the empty margin around it stops a shift by one column from
        wrapping into the next row, so plain shifts suffice (a bit-parallel flood fill).
        """
        plane = self.geometry.plane
        groups = []
        while free:
            group = free & -free
            while True:
                grown = (group | group << 1 | group >> 1 | group << plane | group >> plane) & free
                if grown == group:
                    break
                group = grown
            groups.append(group)
            free ^= group
        return groups

    @staticmethod
    def _piece(data: dict, is_starter: bool) -> Piece:
        return Piece(data["id"], is_starter, *orientations(data["cells"]))

    def _placements(self, piece: Piece) -> list[tuple[Place, Footprint]]:
        geometry = self.geometry
        table = []
        for token, cells in piece.orientations.items():
            first_row, first_col = cells[0]
            for row in range(-MARGIN, geometry.rows + MARGIN):
                for col in range(-MARGIN, geometry.cols + MARGIN):
                    squares = tuple((row + r - first_row, col + c - first_col) for r, c in cells)
                    footprint = self.footprint(squares)
                    if footprint is not None:
                        table.append((Place(piece.id, token, row, col), footprint))
        return table

    def _starter_fits(self, footprint: Footprint, anywhere: bool) -> bool:
        """Spec §3.3: on the grid, covering the centre and enough logo squares (unless anywhere)."""
        geometry = self.geometry
        if not footprint.whole:
            return False
        squares = set(footprint.squares)
        return anywhere or (geometry.centre in squares and len(squares & geometry.logo) >= geometry.min_logo)

    def footprint(self, squares: tuple[tuple[int, int], ...]) -> Footprint | None:
        """The footprint of these squares, or None if they leave the plane or miss the grid."""
        geometry = self.geometry
        if not all(geometry.in_plane(r, c) for r, c in squares):
            return None
        on_grid = sum(geometry.on_grid(r, c) for r, c in squares)
        if not on_grid:
            return None
        mask = geometry.mask(squares)
        border = (
            geometry.mask(
                (r + dr, c + dc)
                for r, c in squares
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if geometry.in_plane(r + dr, c + dc)
            )
            & ~mask
        )
        return Footprint(squares, mask, border, on_grid, on_grid == len(squares))

    def squares_of(self, action: Place) -> tuple[tuple[int, int], ...]:
        """The squares an action would cover, even if they leave the plane (for messages)."""
        cells = self.pieces[action.piece].orientations[action.orient]
        first_row, first_col = cells[0]
        return tuple((action.row + r - first_row, action.col + c - first_col) for r, c in cells)


@cache
def catalogue() -> Catalogue:
    return Catalogue()
