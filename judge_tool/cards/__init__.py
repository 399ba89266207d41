"""The card pool: facts and effects (pool.py), tolerant lookup and card names in free
text (matching.py), Turkish descriptions and the rules that matter (describe.py), card
names in scenario files (bridge.py), the publisher's texts imported by the user
(userimport.py).

For other modules (e.g. `ask`): `find(text)` → card names in a question with character
spans; `lookup(query)` → the cards a typed name means, best first.
"""

from __future__ import annotations

from .matching import Match, Mention, find, lookup, suggest
from .pool import CardDataError, CardFacts, Pool, load_pool

__all__ = ["CardDataError", "CardFacts", "Match", "Mention", "Pool", "find", "load_pool",
           "lookup", "suggest"]
