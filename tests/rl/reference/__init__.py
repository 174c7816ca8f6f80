"""The observation encoders as first written: the reference the fast encoders must equal.

Each module is a game's encoder feature by feature, straight from the state (the layout its docs
page describes). They are kept only here, to check the rewritten encoders bit for bit.
"""

from __future__ import annotations

from . import bloom_town, blue_lagoon, city_square_off, happy_city, santa_monica

REFERENCE = {
    "blue-lagoon": blue_lagoon.observe,
    "santa-monica": santa_monica.observe,
    "happy-city": happy_city.observe,
    "bloom-town": bloom_town.observe,
    "city-square-off": city_square_off.observe,
}
