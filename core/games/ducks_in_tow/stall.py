"""DIT-151: the one end not in the rulebook — a true stall, and the exact test used.

A true stall: no seat can complete another location card nor claim a formation,
whatever anyone does and however the draws fall. `stalled(state)` decides it exactly
(rules 3). Rules 2 used `loosely_stalled`, an over-estimate of what could still happen
that misses some stalls (the game then played on, possibly forever); a rules-2 state
still gets it, so its records replay as played.

**What can still move.** Cards cycle (the discard pile becomes the next deck, DIT-130)
and so does food; ducks do not all: a duck adopted onto a card never moves again, and
a duck in a tow leaves it only by a Drop Off (a completed card: progress) or an Adopt
of its owner (DIT-048). Every other duck (duck bag, tiles, in front of a player, a
shaken duck) is in the *pool*: anyone may end up feeding it. Nothing else ends the
game meanwhile: the rulebook's triggers need a card or a claim (DIT-132, DIT-136).

**The abstraction** (exact, argued point by point):

- *Pool ducks are anyone's.* A duck on a tile can be fed by any player who walks
  there (the park is connected, pawns may share a tile, DIT-057) with food of its
  colour, which anyone can get (players may return food, DIT-124, and the Gift Shop
  gives food of one's choice from the bag, DIT-085; every map has a Gift Shop); a duck
  in the bag comes out by Shake the Bag, into the shaker's tow or onto a tile; a duck
  in front of a player is dispersed onto a tile. Only tow room limits a feed (DIT-047).
  So the pool is a count per colour, and a player's state is its tow.
- *Every card outside the tableaux is anyone's.* Before the end is triggered a
  tableau holds at most END_CARDS - 2 location cards, so the cards outside the
  tableaux (2p: 24 - 12, 3p: 36 - 15, 4p: 48 - 16 or more) outnumber the hands
  (4 cards each when a turn passes): at least one lies in the display, deck or discard
  pile. Whoever holds a card can draw that one at a Gift Shop and discard the card
  (DIT-088, DIT-090); the pile becomes the deck when it runs out (DIT-130), and any
  player may draw the card from there. Only the colours a card needs matter (DIT-070).
- *Only Adopts change what can be gathered.* A card is completed by a player whose tow
  holds its colours, standing on its location tile (every card of the game has its
  tile in the park). An Adopt (on an Adopt tile, in every map) takes 2 ducks of the
  tow (DIT-095), puts the kept one on an empty space of its colour for good (DIT-096,
  DIT-097) and the other into the pool (DIT-098). A formation is claimed right after
  an Adopt (or a Drop Off, DIT-101) when it fits the player's tableau (DIT-105..111):
  for each placement still open (no cell covered) the empty spaces it needs, per
  colour; it can be claimed once the player has adopted at least that many ducks of
  each colour (it chooses where each adopted duck goes) and has adopted at all.
- *Feeds are folded into Adopts.* A feed only takes a duck out of the pool (more pool
  never hurts anyone: every step asks the pool for at least some ducks) into the
  feeder's tow, where it is useful only for that player's next Adopt or its card.
  So a feed is made just before it is used, and only of a colour the tow lacks (a duck
  in the pool is worth more than the same duck in a tow: it can still be fed later).

**The search** (`progress`): states (pool, every tow, ducks adopted per colour by each
player); a move is one player's Adopt (keep k, release r, feeding what the tow lacks,
if there is room); progress is a player whose tow plus a final feed holds a card's
colours, or a claim right after its Adopt. Every Adopt puts a duck on a card for good,
so every path is finite. Its cuts lose no way on (its docstring; a test checks it
against the plain search): Adopts that only lose a duck, states that differ only in
spaces that can never run short, states from which counting alone rules everything
out.

**Cheaper first.** `stalled` first looks for a card someone can gather without any
Adopt (the usual case: one look per card), then asks the over-estimate, which says
"stalled" only in a true stall; only when it cannot tell (some player could Adopt:
in random play ~1 turn in 250 at 2 players, far fewer at 3 and 4) does the search
run, under 0.4 ms there. Its worst case grows with the ducks that can move: over
60,000 positions made of random counts, far denser than play makes them, it took
at most ~80 ms.

It reads public information only: which cards lie outside the tableaux is public as a
whole (every card of the tiles in play that no tableau shows), and the test never asks
which pile or hand holds one. It is checked when a turn passes: the player whose turn
it is may finish it (an Adopt may still lengthen a row), and no card or claim can
follow either way.
"""

from __future__ import annotations

from collections.abc import Iterator

from .data import CARD_BY_ID, COLOURS, FORMATION_BY_ID, NCOL, TOW_SLOTS
from .scoring import has_duck
from .state import Player, State

# The colour rows each location card needs (DIT-070).
_NEEDS = {card: tuple(COLOURS.index(c) for c in data.ducks) for card, data in CARD_BY_ID.items()}

Counts = tuple[int, ...]  # one count per colour (Y, O, B, G)
Colours = tuple[int, ...]  # the colours a card needs, as row indices


def shared_ducks(state: State) -> list[int]:
    """Ducks per colour in no tow and on no card: bag, tiles, in front, shaken."""
    free = [0] * NCOL
    for colour in state.duck_bag:
        free[colour] += 1
    if state.shaken >= 0:
        free[state.shaken] += 1
    for group in [t.ducks for t in state.tiles] + [p.front for p in state.players]:
        for c in range(NCOL):
            free[c] += group[c]
    return free


def stalled(state: State) -> bool:
    """True when no seat can complete another card nor claim a formation (DIT-151),
    whatever anyone does: the exact test (rules 3), rules 2's over-estimate before."""
    verdict = _over_estimate(state)
    if verdict != _MAYBE or state.rules_version < 3:
        return verdict == _STUCK
    players = state.players
    return not progress(
        tuple(shared_ducks(state)),
        [tuple(p.tow) for p in players],
        [_empty_spaces(p) for p in players],
        [_claim_needs(p, state.formations) for p in players],
        _outside_needs(state),
    )


# ------------------------------------------------------------------ the exact search


def _outside_needs(state: State) -> list[Colours]:
    """The colours of every card outside the tableaux, each set once (sorted)."""
    seen: set[Colours] = set()
    for cards in (state.deck, state.display, state.discards, *(p.hand for p in state.players)):
        seen.update(_NEEDS[card] for card in cards)
    return sorted(seen)


def _gathers(tow: Counts, pool: Counts, needs: list[Colours]) -> bool:
    """Could a player with this tow feed what a card lacks from the pool, room allowing,
    and complete it (DIT-070, DIT-073)?"""
    held = sum(tow)
    for colours in needs:
        missing = [c for c in colours if not tow[c]]
        if held + len(missing) <= TOW_SLOTS and all(pool[c] for c in missing):
            return True
    return False


def _empty_spaces(player: Player) -> Counts:
    """Empty duck spaces per colour in the player's tableau (DIT-096, DIT-097)."""
    return tuple(sum(not has_duck(slot, c) for slot in player.tableau) for c in range(NCOL))


def _claim_needs(player: Player, formations: list[str]) -> list[Counts]:
    """For each open placement of a formation still on the table (DIT-105..111), the
    empty spaces per colour it covers, which must be filled by Adopts before a claim;
    only the minimal ones (a placement needing more of every colour adds nothing)."""
    tableau = player.tableau
    found: set[Counts] = set()
    for fid in formations:
        f = FORMATION_BY_ID[fid]
        for column in range(len(tableau) - f.width + 1):
            for row in range(NCOL - f.height + 1):
                need = [0] * NCOL
                for dc, dr in f.cells:
                    slot = tableau[column + dc]
                    if slot.used[row + dr]:
                        break
                    if not has_duck(slot, row + dr):
                        need[row + dr] += 1
                else:
                    found.add(tuple(need))
    minimal: list[Counts] = []
    for placement in sorted(found, key=sum):
        if not any(_covers(placement, m) for m in minimal):
            minimal.append(placement)
    return minimal


def _covers(have: Counts, need: Counts) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


# A state of the search: the pool, every tow, the ducks each player adopted per colour.
Node = tuple[Counts, tuple[Counts, ...], tuple[Counts, ...]]


def progress(
    pool: Counts,
    tows: list[Counts],
    spaces: list[Counts],
    claims: list[list[Counts]],
    needs: list[Colours],
) -> bool:
    """Does some sequence of Adopts (each with the feeds it needs just before it) lead
    to a completed card or a claimed formation? A depth-first search over the states
    (pool, tows, ducks adopted per colour by each player).

    `pool`: shared ducks per colour; per player its tow, its empty spaces per colour and
    `claims` (what `_claim_needs` gives); `needs`: the colours of each card that could
    still be completed (`_outside_needs`). Its cuts lose no way on:

    - an Adopt whose two ducks are both fed from the pool leaves the tow as it was and
      only loses a duck and a space (undoing it leaves every later step possible),
      unless the player's claims want more ducks of the kept colour: skipped. So every
      other Adopt empties a tow slot, and a player can make at most (ducks in its tow +
      ducks its claims still want + 1) more Adopts: spaces beyond that never run short,
      and states that differ only there, or in adopted ducks beyond what the claims
      want, are one state (`_Search.key`);
    - a state from which counting alone rules every card and claim out is not searched
      further (`_Search.hopeful`, an over-estimate).
    """
    search = _Search(spaces, claims, needs)
    start: Node = (pool, tuple(tows), ((0,) * NCOL,) * len(tows))
    seen = {search.key(start)}
    stack = [start]
    while stack:
        node = stack.pop()
        if any(_gathers(tow, node[0], needs) for tow in node[1]):
            return True
        if not search.hopeful(node):
            continue
        for after in search.adopts(node):
            if after is None:
                return True  # a claim right after this Adopt (DIT-101)
            key = search.key(after)
            if key not in seen:
                seen.add(key)
                stack.append(after)
    return False


class _Search:
    """What stays the same through the search: spaces, claims and the cards' colours."""

    def __init__(self, spaces: list[Counts], claims: list[list[Counts]], needs: list[Colours]):
        self.spaces, self.claims, self.needs = spaces, claims, needs
        # the most ducks of each colour a player's claims could use
        self.wants = [
            tuple(max((v[c] for v in wanted), default=0) for c in range(NCOL)) for wanted in claims
        ]

    def adopts(self, node: Node) -> Iterator[Node | None]:
        """The states after each Adopt worth making (None: one followed by a claim)."""
        pool, towed, adopted = node
        for i, tow in enumerate(towed):
            done, room, want = adopted[i], self.spaces[i], self.wants[i]
            held = sum(tow)
            for keep in range(NCOL):
                if done[keep] >= room[keep] or not (tow[keep] or pool[keep]):
                    continue  # no empty space of its colour left, or no such duck
                now = tuple(d + (c == keep) for c, d in enumerate(done))
                claimed = any(_covers(now, need) for need in self.claims[i])
                for release in range(NCOL):
                    two = [int(c == keep) + int(c == release) for c in range(NCOL)]
                    fed = tuple(max(0, two[c] - tow[c]) for c in range(NCOL))
                    if held + sum(fed) > TOW_SLOTS or not _covers(pool, fed):
                        continue
                    if claimed:
                        yield None
                        return
                    new_tow = tuple(tow[c] + fed[c] - two[c] for c in range(NCOL))
                    if new_tow == tow and done[keep] >= want[keep]:
                        continue  # both ducks fed from the pool: a pure loss
                    new_pool = tuple(pool[c] - fed[c] + (c == release) for c in range(NCOL))
                    yield (
                        new_pool,
                        (*towed[:i], new_tow, *towed[i + 1 :]),
                        (*adopted[:i], now, *adopted[i + 1 :]),
                    )

    def key(self, node: Node) -> tuple[object, ...]:
        """What the rest of the search depends on: the pool, the tows, per player the
        ducks adopted that its claims can use and its spaces left, up to the Adopts it
        can still make."""
        pool, towed, adopted = node
        out: list[object] = [pool, towed]
        for tow, done, room, want in zip(towed, adopted, self.spaces, self.wants, strict=True):
            more = sum(tow) + sum(max(0, w - d) for w, d in zip(want, done, strict=True)) + 1
            out.append(tuple(min(d, w) for d, w in zip(done, want, strict=True)))
            out.append(tuple(min(r - d, more) for r, d in zip(room, done, strict=True)))
        return tuple(out)

    def hopeful(self, node: Node) -> bool:
        """Could counting alone allow a card or a claim? A duck can reach a player when
        it is in the pool, or in a tow whose owner could release it (`_releasable`)."""
        pool, towed, adopted = node
        left = [
            tuple(r - d for r, d in zip(room, done, strict=True))
            for room, done in zip(self.spaces, adopted, strict=True)
        ]
        reach = list(pool)  # an over-estimate of the ducks anyone could ever feed
        for tow, room in zip(towed, left, strict=True):
            if any(room):
                reach = [f + t for f, t in zip(reach, tow, strict=True)]
        freed = [_releasable(tow, room, reach) for tow, room in zip(towed, left, strict=True)]
        free = list(pool)
        for let_go in freed:
            free = [f + x for f, x in zip(free, let_go, strict=True)]
        for i, tow in enumerate(towed):
            others = [f - x for f, x in zip(free, freed[i], strict=True)]
            room = left[i]
            stuck = not any(  # it can never Adopt: its tow stays as it is
                room[k] and (tow[k] or (sum(tow) < TOW_SLOTS and reach[k])) for k in range(NCOL)
            )
            for colours in self.needs:
                missing = [c for c in colours if not tow[c]]
                if all(others[c] for c in missing) and not (
                    stuck and sum(tow) + len(missing) > TOW_SLOTS
                ):
                    return True
            if stuck or not self.claims[i]:
                continue
            mine = [o + t for o, t in zip(others, tow, strict=True)]
            if sum(mine) >= 2 and any(room[k] and mine[k] for k in range(NCOL)):
                done = adopted[i]
                if any(all(done[c] + mine[c] >= v[c] for c in range(NCOL)) for v in self.claims[i]):
                    return True
        return False


def _releasable(tow: Counts, left: Counts, reach: list[int]) -> list[int]:
    """An over-estimate of the ducks a player could release from its tow (DIT-098): a
    duck goes only if another is kept in the same Adopt, one of the tow with a space
    left, or one fed into a free slot (of a colour with a space left that anyone could
    ever feed). With a full tow, the first Adopt keeps one of the tow."""
    fed = sum(tow) < TOW_SLOTS and any(left[k] and reach[k] for k in range(NCOL))
    return [
        tow[x] if fed or any(left[k] and tow[k] - (k == x) for k in range(NCOL)) else 0
        for x in range(NCOL)
    ]


# ------------------------------------------------- rules 2: the over-estimate


def _spaces(player: Player) -> list[bool]:
    """Colours with an empty duck space in the player's tableau (DIT-096, DIT-097)."""
    return [any(not has_duck(slot, c) for slot in player.tableau) for c in range(NCOL)]


def _keepable(spaces: list[bool], tow: list[int], pool: list[int]) -> list[bool]:
    """Colours the player could keep in an Adopt: a space for it, the duck in the tow
    or fed from the pool into a free slot, and a second duck to release (DIT-094)."""
    held, room, loose = sum(tow), TOW_SLOTS - sum(tow), sum(pool)
    out = []
    for c in range(NCOL):
        if not spaces[c]:
            out.append(False)
        elif tow[c]:
            out.append(held >= 2 or (room >= 1 and loose >= 1))
        else:
            out.append(pool[c] >= 1 and room >= 1 and (held >= 1 or (room >= 2 and loose >= 2)))
    return out


def _completable(card: str, tow: list[int], pool: list[int], loose: bool) -> bool:
    """Could the player gather this card's ducks in their tow (DIT-070, DIT-073)?"""
    colours = _NEEDS[card]
    if loose:  # their own tow is in the pool and they can make room
        return all(pool[c] for c in colours)
    missing = [c for c in colours if not tow[c]]
    return all(pool[c] for c in missing) and sum(tow) + len(missing) <= TOW_SLOTS


def _fits(player: Player, formation: str, fillable: list[bool]) -> bool:
    """Could the formation be placed if every empty space of a fillable colour held a duck?"""
    tableau = player.tableau
    f = FORMATION_BY_ID[formation]
    for column in range(len(tableau) - f.width + 1):
        for row in range(NCOL - f.height + 1):
            cells = [(tableau[column + dc], row + dr) for dc, dr in f.cells]
            if all((has_duck(s, r) or fillable[r]) and not s.used[r] for s, r in cells):
                return True
    return False


def loosely_stalled(state: State) -> bool:
    """Rules 2's test, an over-estimate of what could still happen: it says "stalled"
    only in a true stall, and misses the stalls where ducks could be freed only in a
    way that strands them (the exact search above tells those apart)."""
    return _over_estimate(state) == _STUCK


_GATHERED, _STUCK, _MAYBE = 0, 1, 2


def _over_estimate(state: State) -> int:
    """_GATHERED: someone can gather a card without any Adopt (progress, for sure);
    _STUCK: not even the over-estimate sees a way on (a true stall); _MAYBE: it does.

    A player is *loose* when they can Adopt (an empty space of a colour they can get
    into their tow, and a second duck): their tow's ducks may then be released, so
    they count as shared too; this repeats until no new player is loose. Stalled when
    no player can complete a card outside the tableaux (each colour it needs in the
    player's tow or shared, with room for the missing ones; a loose player can make
    room), and no loose player can claim a formation still on the table on cells that
    hold a duck or are empty spaces of a colour the player could adopt."""
    players = state.players
    shared = shared_ducks(state)
    outside = [state.deck, state.display, state.discards, *(p.hand for p in players)]
    # the common case first: someone can gather a card without anybody adopting
    for p in players:
        if any(_completable(card, p.tow, shared, False) for cards in outside for card in cards):
            return _GATHERED
    spaces = [_spaces(p) for p in players]
    loose = [False] * len(players)
    pool = shared
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(players):
            if not loose[i] and any(_keepable(spaces[i], p.tow, pool)):
                loose[i] = changed = True
        pool = shared[:]
        for i, p in enumerate(players):
            if loose[i]:
                pool = [a + b for a, b in zip(pool, p.tow, strict=True)]
    for i, p in enumerate(players):
        tow = [0] * NCOL if loose[i] else p.tow
        if any(_completable(card, tow, pool, loose[i]) for cards in outside for card in cards):
            return _MAYBE
    for i, p in enumerate(players):
        if loose[i]:
            fillable = _keepable(spaces[i], [0] * NCOL, pool)
            if any(_fits(p, f, fillable) for f in state.formations):
                return _MAYBE
    return _STUCK
