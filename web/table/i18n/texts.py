"""The table's sentences, chosen once for every language: a language only lends its words.

Why: each sentence (a prompt, why a button is disabled, how a deal ended, who
won, a hint, a trick) is decided here, in code that names no language; it picks
a key of the language's catalogue (``catalogues/<code>.json``, see
``catalogue.py``) and fills its named placeholders.  Counted words take their
plural form from the catalogue's plural rule; seat names their case («у
Запада», «с Севером») from its seat forms.  «You» is the seat ``you`` of the
catalogue, and a table's shape is asked of the rule set (``FORMATS``).
A :class:`Texts` has every word of its catalogue as an attribute
(``t.ROUND_OVER``) beside the methods, so callers read ``t.NAME`` and ``t.f(...)``.
"""

from __future__ import annotations

from typing import Any, Sequence

from burkozel.rules import DECLARED, FALSE_DECLARATION, FOLDED, FORMATS, REDEAL, VOID
from burkozel.trick import KINDS
from table.i18n.catalogue import Catalogue, CatalogueError
from table.i18n.common import HALF, SUIT_SYMBOLS, TOTAL_POINTS, value_key
from table.i18n.facts import shared_facts, table_facts

SEATS_BY_PLAYERS = {2: ("you", "opponent"), 3: ("you", "west", "east"), 4: ("you", "west", "north", "east"),
                    5: ("you", "west", "northwest", "northeast", "east"),
                    6: ("you", "southwest", "northwest", "north", "northeast", "southeast")}
"""The seats of a table, from the viewer clockwise: you, then left, top, right
(two players: you and the opponent across the table)."""
PEOPLE_BY_PLAYERS = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east"),
                     5: ("south", "west", "northwest", "northeast", "east"),
                     6: ("south", "southwest", "northwest", "north", "northeast", "southeast")}
"""A seat's name when several people share a device: the side of the table it
faces, as card players name seats (seat 0 is the screen's bottom)."""


def _paired(fmt: str) -> bool:
    """Whether the table's sides are of two players (partners)."""
    return all(len(side) == 2 for side in FORMATS[fmt].sides)


class Texts:
    """The words of one language and the sentences made of them (see the module)."""

    def __init__(self, catalogue: Catalogue, titles: dict[str, str]) -> None:
        self.catalogue = catalogue
        self.__dict__.update(catalogue.words)
        self.LANG = catalogue.code
        self.LANGS = tuple(titles)
        self.LANG_TITLES = dict(titles)
        self.HALF, self.TOTAL_POINTS, self.SUIT_SYMBOLS = HALF, TOTAL_POINTS, SUIT_SYMBOLS
        seats = catalogue.seats
        self.YOU = seats["you"]["name"]
        self.SEATS_BY_COUNT = {n: tuple(seats[k]["name"] for k in keys) for n, keys in SEATS_BY_PLAYERS.items()}
        """Single play's seat names («Вы», «Запад»…) by the number of players."""
        self.PEOPLE_BY_COUNT = {n: tuple(seats[k]["name"] for k in keys) for n, keys in PEOPLE_BY_PLAYERS.items()}
        """The seats' own names («Юг», «Запад»…) by the number of players."""
        self.SEAT_NAMES = {fmt: self.SEATS_BY_COUNT[r.players] for fmt, r in FORMATS.items()}
        self.PERSON_NAMES = {fmt: self.PEOPLE_BY_COUNT[r.players] for fmt, r in FORMATS.items()}
        self.SEAT_GENITIVE = {forms["name"]: forms["gen"] for forms in seats.values() if "gen" in forms}
        self._seat_of = {forms["name"]: key for key, forms in seats.items()}
        self.RULES_SECTIONS = self._rules_sections(catalogue.words["RULES_SECTIONS"])
        missing = [k for k in KINDS if k not in catalogue.words.get("HINT_MOVES", {})]
        if missing:
            raise CatalogueError(f"catalogue {catalogue.code}: HINT_MOVES says no {', '.join(missing)} "
                                 "(the hint names every kind of move the engine has)")

    def __repr__(self) -> str:
        return f"Texts({self.LANG!r})"

    # --- filling templates ------------------------------------------------------------

    def say(self, key: str, **values: Any) -> str:
        """The catalogue's sentence ``key`` with its placeholders filled."""
        return self.catalogue.sentences[key].format_map(values)

    def count(self, key: str, n: int) -> str:
        """«2 карты», «5 очков»: ``n`` with the counted word ``key`` in its plural form."""
        return self.catalogue.counts[key][self.catalogue.plural_form(n)].format(n=n)

    def cards_word(self, n: int) -> str:
        return self.count("cards", n)

    def cards_acc(self, n: int) -> str:
        """Cards as the object of a verb («нужно 1 карту»)."""
        return self.count("cards_acc", n)

    def chips_word(self, n: int) -> str:
        return self.count("chips", n)

    def pot_line(self, winner: int | None, pot: int, names: Sequence[str]) -> str:
        """Who took the pot and how much (``pot``: what it held), or that it stays."""
        if winner is None:
            return self.say("pot_stays", chips=self.chips_word(pot))
        you = "_you" if self.is_you(names[winner]) else ""
        return self.say("pot_won" + you, chips=self.chips_word(pot), **self._names(names[winner]))

    def answer_prompt(self, raiser: str, stake: int) -> str:
        return self.say("answer_prompt", chips=self.chips_word(stake), **self._names(raiser))

    def answered(self, name: str, accepted: bool) -> str:
        return self.say("answered_accept" if accepted else "answered_fold", **self._names(name))

    def said_line(self, name: str, kind: str, fmt: str | None = None) -> str:
        """A move that plays no card, as a deal's review says it: «Север: «даве» — ставка вдвое»,
        «Вы: пас», «Восток: «31»» (``fmt``: the table whose call is quoted)."""
        if kind in ("accept", "fold"):
            return self.answered(name, kind == "accept")
        declaration = FORMATS[fmt].declaration if fmt in FORMATS else None
        call = self.say("call", declaration=declaration if declaration is not None else 31)
        return self.say("said_" + kind, call=call, **self._names(name))

    def answers_line(self, raiser: str, answers: Sequence[tuple[str, int | None]]) -> str:
        """«На «даве» Запада: Север — принял (10 фишек), Восток — пас.»: ``answers``
        as (name, chips paid, ``None`` for a fold), in the order they were given."""
        said = self.say("list_sep").join(
            self.say("answer_fold", name=name) if chips is None else
            self.say("answer_accept", name=name, chips=self.chips_word(chips)) for name, chips in answers)
        key = "answers_line_you" if self.is_you(raiser) else "answers_line"
        return self.say(key, answers=said, **self._names(raiser))

    def accepted_tag(self, chips: int) -> str:
        return self.say("accepted_tag", chips=self.chips_word(chips))

    def accept_label(self, chips: int) -> str:
        return self.say("accept_label", chips=self.chips_word(chips))

    def points_word(self, n: int) -> str:
        return self.count("points", n)

    def _num(self, x: float) -> str:
        return f"{x:.1f}".replace(".", self.catalogue.decimal)

    def _signed(self, x: float) -> str:
        """A gain or a loss: «+1,5», «−0,5», «0,0»."""
        shown = self._num(abs(x))
        return shown if shown == self._num(0.0) else ("+" if x > 0 else "−") + shown

    def _pct(self, share: float) -> str:
        return self.say("percent", n=round(share * 100))

    def number(self, x: "int | float") -> str:
        """A figure in a table: 12, 43,5."""
        return self._num(x) if isinstance(x, float) else str(x)

    # --- seats and names --------------------------------------------------------------

    def is_you(self, name: str) -> bool:
        """Whether ``name`` is the viewer's own seat (the catalogue's seat ``you``)."""
        return self._seat_of.get(name) == "you"

    def avatar_marks(self, names: Sequence[str]) -> tuple[str, ...]:
        """The letters on each seat's avatar, every one unlike the others: a seat name's own
        mark («СЗ» for «Северо-Запад»), a typed name's initial, two letters where initials
        meet («Ан», «Ал»), and the seat's number where even those do."""
        def mark(name: str, letters: int) -> str:
            forms = self.catalogue.seats.get(self._seat_of.get(name, ""), {})
            return forms.get("mark") or name[:letters].capitalize()

        marks = [mark(name, 1) for name in names]
        for clash in (lambda i: mark(names[i], 2), lambda i: f"{marks[i]}{i + 1}"):
            repeated = {m for m in marks if marks.count(m) > 1}
            marks = [clash(i) if m in repeated else m for i, m in enumerate(marks)]
        return tuple(marks)

    def _form(self, name: str, case: str) -> str:
        """A seat's name in ``case`` (``gen``, ``ins``, ``subj``); a typed name goes in the
        catalogue's frame for names it cannot decline («игрока Аня»)."""
        key = self._seat_of.get(name)
        forms = self.catalogue.seats.get(key, {}) if key else {}
        if case in forms:
            return forms[case]
        if key and case == "subj":
            return name
        return self.catalogue.typed_name[case].format(name=name)

    def genitive(self, name: str) -> str:
        return self._form(name, "gen")

    def instrumental(self, name: str) -> str:
        return self._form(name, "ins")

    def subject(self, name: str) -> str:
        """A name as the subject of a sentence: «Запад», «игрок Аня», «Your opponent»."""
        return self._form(name, "subj")

    def _names(self, name: str) -> dict[str, str]:
        subj = self.subject(name)
        return {"name": name, "gen": self.genitive(name), "ins": self.instrumental(name), "subj": subj,
                "Subj": subj[:1].upper() + subj[1:]}

    def seat_place(self, fmt: str, seat: int, players: int | None = None) -> str:
        names = self.PEOPLE_BY_COUNT[players] if players else self.PERSON_NAMES[fmt]
        return self.say("seat_place", n=seat + 1, name=names[seat])

    def handover_title(self, name: str) -> str:
        return self.say("handover_title", name=name)

    def handover_button(self, name: str) -> str:
        return self.say("handover_button", name=name)

    def p2p_guest_away(self, name: str) -> str:
        return self.say("p2p_guest_away", name=name)

    def p2p_guest_bot(self, name: str) -> str:
        return self.say("p2p_guest_bot", name=name)

    def online_guest_bot(self, name: str) -> str:
        """A bot holds an online seat: its person comes back by the same link, unasked."""
        return self.say("online_guest_bot", name=name)

    def online_guest_left_bot(self, name: str) -> str:
        """A bot holds an online seat for good: its guest left at «Ещё партию» (or nobody took
        the seat and the host seated a bot); nobody comes back to it in this match."""
        return self.say("online_guest_left_bot", name=name)

    def p2p_waiting_for(self, name: str) -> str:
        return self.say("p2p_waiting_for", name=name)

    def online_seat_line(self, name: str) -> str:
        """A guest seat's line in the invite lobby: «Место «Запад»»."""
        return self.say("online_seat_line", name=name)

    def online_joining(self, fmt: str, seat: int) -> str:
        """What a guest opening an invite link is told: the table's name and the seat (from 0)."""
        return self.say("online_joining", format=self.FORMAT_TITLES.get(fmt, fmt), seat=seat + 1)

    def online_rematch_staying(self, fmt: str, seat: int) -> str:
        """A guest who said «Играть ещё», while the others answer: the table and the seat (from 0)."""
        return self.say("online_rematch_staying", format=self.FORMAT_TITLES.get(fmt, fmt), seat=seat + 1)

    def online_seconds(self, n: int) -> str:
        return self.say("online_seconds", n=n)

    def online_time_left(self, n: int) -> str:
        """A guest's countdown of the host's move timer: «ваш ход: осталось 12 с»."""
        return self.say("online_time_left", n=n)

    # --- cards, tables, combinations --------------------------------------------------

    def card_name(self, code: str) -> str:
        """«дама пик»: a card in words, as the live region and the trick's story say it."""
        return self.say("card_name", rank=self.RANK_NAMES[code[0]], suit=self.SUIT_GENITIVE[code[1]])

    def card_label(self, code: str) -> str:
        """«Д, дама пик»: the accessible name of a card drawn face up.  It starts with the
        corner index the card shows, so the name holds the visible label (WCAG 2.5.3:
        voice control users say what they see), then says the card in words."""
        return self.say("card_label", index=self.RANK_LABELS[code[0]], card=self.card_name(code))

    def card_short(self, code: str) -> str:
        """«Д♠», «10♥»: a card in running text."""
        return f"{self.RANK_LABELS[code[0]]}{SUIT_SYMBOLS[code[1]]}"

    def cards_short(self, codes: "Sequence") -> str:
        return " ".join(self.card_short(str(c)) for c in codes)

    def format_hint(self, fmt: str) -> str:
        """The menu's line under a table's name, its numbers from the rule set."""
        table = FORMATS[fmt]
        return self.FORMAT_HINTS[fmt].format(pass_mark=table.pass_mark, hand_size=table.hand_size,
                                             declaration=table.declaration, half=HALF)

    def house_value(self, key: str, value: Any) -> str:
        """A house rule's value as the menu offers it («обе руки», «21 сдача»)."""
        return self.HOUSE_VALUES[key][value_key(value)]

    def house_summary(self, changed: dict[str, Any]) -> str:
        """The house rules off their default in a few words («Роббер: 21 сдача, Сдаёт победитель»)."""
        def said(key: str, value: Any) -> str:
            named = self.HOUSE_VALUES.get(key, {}).get(value_key(value))
            return f"{self.HOUSE_TITLES[key]}: {named}" if named else self.HOUSE_TITLES[key]
        return self.say("list_sep").join(said(k, v) for k, v in changed.items())

    def house_lines(self, changed: dict[str, Any]) -> list[str]:
        """The rules dialog's line for each house rule off its default (``HouseRules.changed()``):
        a sentence per value, or one template for a number (``{n}``)."""
        out = []
        for key, value in changed.items():
            said = self.RULES_HOUSE.get(key, {})
            line = said.get(value_key(value)) or (said["n"].format(n=value) if "n" in said else None)
            if line:
                out.append(line)
        return out

    def combo_hint(self, fmt: str, combo: str) -> str:
        return self.TABLE_COMBO_HINTS.get(fmt, {}).get(combo, self.COMBO_HINTS[combo])

    def combo_title(self, fmt: str, combo: str, cards: "Sequence" = ()) -> str:
        """A combination's name as the table calls it: at a table of two, four aces or
        four tens are «4 конца», any other four of aces and tens «4 лба»
        (RULES-variants.md §2.5)."""
        table = FORMATS[fmt]
        if table.players == 2 and combo in ("golden_moscow", "four_ends") and cards and combo in table.combo_ids:
            return self.FOUR_ENDS if len({str(c)[0] for c in cards}) == 1 else self.FOUR_FOREHEADS
        return self.COMBO_TITLES.get(combo, combo)

    def discard_hint(self, face: str, players: int) -> str:
        """What a discard face means at a table of ``players``: «видны обоим» for two, and
        for more the catalogue's ``<face>_more`` where it words it otherwise («всем»)."""
        return self.DISCARD_HINTS.get(f"{face}_more", self.DISCARD_HINTS[face]) if players > 2 \
            else self.DISCARD_HINTS[face]

    def dealt_line(self, suit: str) -> str:
        """Over a deal that ended before anyone played (a бура or Москва at the deal): the
        cards the player was dealt, so the result is not the first thing they see of it."""
        return self.say("dealt_line", suit=self.SUIT_NAMES[suit])

    def shown_line(self, name: str) -> str:
        """Over the cards a seat showed to all when its combination ended the deal or had
        it dealt again (RULES-house.md §3.7, §4.5)."""
        return self.say("shown_line_you" if self.is_you(name) else "shown_line", **self._names(name))

    def trump_badge(self, suit: str) -> str:
        return self.say("trump_badge", suit=self.SUIT_NAMES[suit])

    def trump_note(self, suit: str) -> str:
        return self.say("trump_note", suit=self.SUIT_NAMES[suit])

    # --- the status line --------------------------------------------------------------

    def reason(self, code: str, *, kind: str, size: int | None, selected: int, actor: str | None = None) -> str:
        """A short reason why the selected cards cannot be played this way."""
        if code == "not_your_turn" and actor:
            return self.say("reason_actor", actor=actor)
        if code == "wrong_count" and kind == "lead":
            return self.say("reason_count_lead", most=size or 4)
        if code == "wrong_count" and size is not None:
            return self.say("reason_count", cards=self.cards_acc(size))
        if code in ("card_not_in_hand", "duplicate_card", "bad_move"):
            code = "no_such_cards"
        return self.REASONS.get(code, self.REASONS["other"])

    def prompt_lead(self, most: int = 4, may_declare: bool = False) -> str:
        cards = self.say("prompt_lead_one") if most == 1 else self.say("prompt_lead_range", most=most)
        return self.say("prompt_lead", cards=cards) + (self.say("prompt_lead_declare") if may_declare else "")

    def prompt_answer(self, size: int) -> str:
        return self.say("prompt_answer", cards=self.cards_acc(size))

    def prompt_waiting(self, name: str) -> str:
        return self.say("prompt_waiting", name=name)

    def prompt_taken(self, name: str) -> str:
        return self.say("taken_you") if self.is_you(name) else self.say("taken", name=name)

    def shout_combo(self, fmt: str, combo: str, cards: "Sequence", name: str) -> str:
        title = self.combo_title(fmt, combo, cards)
        return self.say("shout_you", title=title) if self.is_you(name) else self.say("shout", title=title,
                                                                                     **self._names(name))

    def trump_drawn(self, name: str) -> str:
        return self.say("trump_you") if self.is_you(name) else self.say("trump", **self._names(name))

    # --- sides, winners, the deal's end ---------------------------------------------

    def side_label(self, fmt: str, side: int, names: "Sequence[str] | None" = None, mine: int = 0) -> str:
        """A side's name in the score: «Мы»/«Они» for sides of two (``mine`` is the viewer's
        side), seat names otherwise (``names``: the table's, the viewer «Вы»)."""
        if _paired(fmt):
            return self.say("side_us") if side == mine else self.say("side_them")
        return (names or self.SEAT_NAMES[fmt])[side]

    def side_members(self, fmt: str, side: int, names: "Sequence[str] | None" = None) -> str:
        """«вы и Север»: who plays for a side of two."""
        if not _paired(fmt):
            return ""
        names = names or self.SEAT_NAMES[fmt]
        first, second = (self.say("you_in_pair") if self.is_you(names[s]) else names[s] for s in FORMATS[fmt].sides[side])
        return self.say("pair", first=first, second=second)

    def winners_line(self, fmt: str, winners: list[int], names: "Sequence[str] | None" = None) -> str:
        """«Победа ваша!», «Победил Запад», «Победу делят: Вы, Восток»."""
        names = names or self.SEAT_NAMES[fmt]
        sides = len(FORMATS[fmt].sides) if _paired(fmt) else len(names)  # each for themselves: a side a seat
        if len(winners) == sides and (len(winners) > 1):
            return self.say("winners_draw")
        if _paired(fmt):
            members = [names[s] for s in FORMATS[fmt].sides[winners[0]]]
            if any(self.is_you(m) for m in members):
                partner = next(m for m in members if not self.is_you(m))
                return self.say("winners_pair_you", partner=self.instrumental(partner))
            return self.say("winners_pair", first=members[0], second=members[1])
        won = [names[w] for w in winners]
        if len(won) == 1:
            return self.say("winners_you") if self.is_you(won[0]) else self.say("winners_one", **self._names(won[0]))
        return self.say("winners_shared", names=self.say("list_sep").join(won))

    def penalty_note(self, fmt: str, mark: int | None = None, eliminating: bool = False,
                     no_tricks: bool = False) -> str:
        """The small print under a deal's result: how penalties are given at this table
        (none at a table played for chips: the pot's line says what the deal did).
        ``mark``: the deal's own pass mark where it is not the table's (a round of two
        where seats go out, RULES-house.md §1.6); ``eliminating``: a seat at the limit
        goes out and the others play on (§1), rather than the match ending there;
        ``no_tricks``: 6 only for a side that took no trick (§2)."""
        table = FORMATS[fmt]
        if table.has_pot:
            return ""
        limit = self.say("penalty_out" if eliminating else "penalty_limit", limit=table.penalty_limit)
        facts = {**table_facts(fmt), "half": HALF, "limit": limit}
        if mark is not None and table.declaration is None:
            facts.update(mark=mark, mark_less=mark - 1)
        if table.declaration is not None:
            return self.say("penalty_declaration", **facts)
        key = "penalty_two" if table.players == 2 else "penalty_pass"
        return self.say(key + "_tricks" if no_tricks else key, **facts)

    def unseen_title(self, n: int) -> str:
        """The hint on «+N закр.»: closed cards in one's tricks, valued only at the deal's end."""
        return self.say("unseen_title", cards=self.cards_word(n))

    def false_cost(self, side: int, name: str, penalties: "Sequence[int] | None",
                   chips_won: "Sequence[int] | None") -> str:
        """What a false «31» cost, as the deal's outcome has it: where the deal moved chips
        (``chips_won``), its declarer paid the pot's worth into it and it is played again;
        where it gave penalties, the declaring side's penalty."""
        if chips_won:
            you = "_you" if self.is_you(name) else ""
            return self.say("false_pays" + you, **self._names(name))
        if penalties:
            return self.say("false_penalty", penalty=penalties[side])
        return ""

    def deal_end_line(self, fmt: str, end: str | None, winner: int | None, by: int | None,
                      points: list[int] | None, names: "Sequence[str] | None" = None,
                      penalties: "Sequence[int] | None" = None, chips_won: "Sequence[int] | None" = None,
                      shown: bool = False) -> str:
        """How the deal ended, in a line: бура, Москва, «31», a false «31», the cards
        running out, or a 60–60 draw (``SeatView.end``, ``deal_winner``, ``ended_by``);
        a false «31» says what it cost from the outcome (``round_penalties``, ``chips_won``);
        a void deal with cards ``shown`` was void by several буры (RULES-house.md §3.6)."""
        names = names or self.SEAT_NAMES[fmt]
        table = FORMATS[fmt]
        call = self.say("call", declaration=table.declaration) if table.declaration is not None else ""
        if by is not None and end in ("bura", "moscow", DECLARED, FALSE_DECLARATION):
            who = names[by]
            you = "_you" if self.is_you(who) else ""
            if end in ("bura", "moscow"):
                return self.say("end_combo" + you, what=self.END_COMBOS[end], **self._names(who))
            if end == DECLARED:
                pts = self.say("end_declared_points", points=self.points_word(points[by])) if points else ""
                return self.say("end_declared" + you, call=call, pts=pts, **self._names(who))
            pts = self.say("end_false_points", points=self.points_word(points[by])) if points else self.say("end_false_less")
            side = next((i for i, s in enumerate(table.sides) if by in s), by) if not chips_won else by
            cost = self.false_cost(side, who, penalties, chips_won)
            return self.say("end_false" + you, call=call, pts=pts, cost=cost, **self._names(who))
        if end == VOID:
            return self.say("end_void_bura" if shown else "end_void")
        if end == REDEAL:
            return self.say("end_redeal")
        if end == FOLDED and winner is not None:
            you = "_you" if self.is_you(names[winner]) else ""
            return self.say("end_folded" + you, **self._names(names[winner]))
        if table.has_pot and winner is not None:
            return self.say("end_cards_out", **self._names(names[winner]))
        if table.players != 2:
            return self.say("end_all_played")
        if winner is None:
            if points and points[0] == points[1]:
                return self.say("end_draw_score", a=points[0], b=points[1])
            return self.say("end_draw")
        who = names[winner]
        return self.say("end_more_you") if self.is_you(who) else self.say("end_more", **self._names(who))

    # --- the score and the frame ------------------------------------------------------

    def score_target(self, declaration: int | None, pass_mark: int) -> str:
        if declaration is not None:
            return self.say("score_declaration", declaration=declaration)
        return self.say("score_pass", pass_mark=pass_mark)

    def unseen_short(self, n: int) -> str:
        """Beside one's points: the face-down cards in one's tricks, counted as cards
        («и 10 карт рубашкой»), never read as points to add."""
        return self.say("unseen_short", cards=self.cards_word(n))

    def round_points_label(self, round_no: int) -> str:
        return self.say("round_points_label", n=round_no)

    def penalty_limit_label(self, limit: int) -> str:
        return self.say("penalty_limit_label", limit=limit)

    def in_hand(self, n: int) -> str:
        return self.say("in_hand", cards=self.cards_word(n))

    def in_stock(self, n: int) -> str:
        return self.say("in_stock", cards=self.cards_word(n))

    def round_over_title(self, round_no: int) -> str:
        return self.say("round_over_title", n=round_no)

    def pen_pass_cell(self, mark: int, penalty: int) -> str:
        return self.say("pen_pass_cell", mark=mark, penalty=penalty)

    def pen_bura_note(self, declaration: int, lost: int, false: int, limit: int) -> str:
        return self.say("pen_bura_note", declaration=declaration, lost=lost, false=false, limit=limit)

    def _rules_facts(self, fmt: str | None) -> dict[str, Any]:
        """The numbers a rules paragraph may quote (see ``facts``): the shared ones, and
        those of rule set ``fmt`` if it names one, counted words in this language's forms."""
        found: dict[str, Any] = {**shared_facts(), "deck_points": self.points_word(TOTAL_POINTS)}
        if fmt is None:
            return found
        if fmt not in FORMATS:
            raise CatalogueError(f"catalogue {self.LANG}: RULES_SECTIONS names the rule set {fmt!r}, "
                                 f"which is none of {', '.join(FORMATS)}")
        table = table_facts(fmt)
        found.update(table)
        if "mark" in table:
            found["mark_points"] = self.points_word(table["mark"])
        if "declaration" in table:
            found.update(call=self.say("call", declaration=table["declaration"]),
                         call_points=self.points_word(table["declaration"]))
        if "stack" in table:
            found.update(stack=self.chips_word(table["stack"]), ante=self.chips_word(table["ante"]))
        return found

    def _rules_sections(self, sections: "Sequence[dict[str, Any]]") -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The rules dialog's sections: each paragraph filled from the rule set its section
        names (``"rules"``), or its own (a paragraph ``{"rules": …, "text": …}``)."""
        def filled(title: str, paragraph: Any, fmt: str | None) -> str:
            if isinstance(paragraph, dict):
                paragraph, fmt = paragraph["text"], paragraph.get("rules", fmt)
            try:
                return paragraph.format_map(self._rules_facts(fmt))
            except KeyError as e:
                raise CatalogueError(f"catalogue {self.LANG}: the rules section «{title}» quotes {{{e.args[0]}}}, "
                                     f"which {f'the rule set {fmt!r}' if fmt else 'a section naming no rule set'} "
                                     "has not") from None

        return tuple((s["title"], tuple(filled(s["title"], p, s.get("rules")) for p in s["paragraphs"]))
                     for s in sections)

    # --- the teaching table: hint, last trick, sharing --------------------------------

    def hint_move(self, kind: str, cards: "Sequence", fmt: str | None = None) -> str:
        """«зайти Д♠ 10♠», «сбросить любые», «объявить «31»», «сказать «даве»…»: the
        catalogue's ``HINT_MOVES`` says every kind of move the engine has (``KINDS``,
        checked when the catalogue is read), so a new kind is a line of data there;
        ``fmt`` names the table whose call (``{call}``) is quoted."""
        declaration = FORMATS[fmt].declaration if fmt in FORMATS else None
        call = self.say("call", declaration=declaration if declaration is not None else 31)
        shown = self.cards_short(cards) if cards else self.say("hint_any")
        return self.HINT_MOVES[kind].format(cards=shown, call=call)

    def hint_lines(self, hint) -> tuple[str, list[str], str]:
        """(the advice, one line per option, why) for a :class:`hint.Hint`.  Where a deal
        is won or lost (two players, «31») an option shows the chance to win it; where a
        pass mark counts, the chance to reach it; at a pot, where no deal has a penalty,
        the chance to take the pot and the chips won or lost."""
        table = FORMATS[hint.format]
        by_deal = table.declaration is not None or table.players == 2

        def outlook(o) -> str:
            if table.has_pot:
                return self.HINT_OUTLOOK_POT.format(pot=self._pct(o.took_pot), chips=self._signed(o.chips))
            if by_deal:
                return self.HINT_OUTLOOK_DEAL.format(penalty=self._num(o.penalty), wins=self._pct(o.wins))
            return self.HINT_OUTLOOK_PASS.format(penalty=self._num(o.penalty), mark=table.pass_mark,
                                                 passes=self._pct(o.passes))

        head = self.HINT_HEAD.format(best=self.hint_move(hint.move.kind, [str(c) for c in hint.move.cards], hint.format))
        if hint.forced:
            return head, [], self.HINT_FORCED_DECLARE if hint.move.kind == "declare" else self.HINT_FORCED_ONLY
        rows = [self.say("hint_row", move=self.hint_move(o.move.kind, [str(c) for c in o.move.cards], hint.format),
                         outlook=outlook(o))
                for o in hint.options]
        why = self.HINT_WHY
        if hint.options:
            why += self.HINT_WORLDS.format(worlds=hint.options[0].worlds)
            if len(hint.options) > 1 and table.has_pot:
                gap = hint.options[0].chips - hint.options[1].chips
                why += (self.HINT_GAP_CHIPS.format(gap=self._num(gap)) if gap > 0.05 else
                        self.HINT_BEHIND_CHIPS.format(gap=self._num(-gap)) if gap < -0.05 else self.HINT_CLOSE_CHIPS)
            elif len(hint.options) > 1:
                gap = hint.options[1].penalty - hint.options[0].penalty
                why += self.HINT_GAP.format(gap=self._num(gap)) if gap > 0.05 else self.HINT_CLOSE
        return head, rows, why + "."

    def beaten(self, name: str, cards: "Sequence") -> str:
        """What a beat went over: «— поверх Д♠ Запада»."""
        shown = self.cards_short(cards)
        return self.say("beaten_you", cards=shown) if self.is_you(name) else self.say("beaten", cards=shown,
                                                                                      **self._names(name))

    def trick_line(self, names: "Sequence[str]", play: dict, lead: bool) -> str:
        """One play of a finished trick as the player saw it: faces only where they were open."""
        who = names[play["seat"]]
        if play["kind"] == "discard" and not play["cards"]:
            return self.say("trick_hidden", who=who, cards=self.cards_word(play["count"]))
        verb = self.TRICK_VERBS["lead" if lead else play["kind"]]
        return self.say("trick_play", who=who, verb=verb, cards=self.cards_short(play["cards"]))

    def trick_taken(self, names: "Sequence[str]", winner: int, points: int, hidden: int) -> str:
        """Who took a trick and what it held, from the viewer's seat: the seat named «Вы» in
        ``names`` is theirs wherever it sits (a guest's seat, a person's turn at one device)."""
        taker = self.prompt_taken(names[winner])
        extra = self.say("trick_taken_hidden", cards=self.cards_word(hidden)) if hidden else ""
        return self.say("trick_taken", taker=taker, points=self.points_word(points), extra=extra)

    def last_trick_title(self, names: "Sequence[str]", winner: int | None, me: int = 0) -> str:
        """The last trick's button's tooltip: whose that trick is, by the seat's name as the
        table says it everywhere (a key to press is said in the panel, where a keyboard is);
        ``me``: the viewer's seat."""
        if winner is None:
            return self.LAST_TRICK
        if winner == me:
            return self.say("last_trick_title_you")
        return self.say("last_trick_title", **self._names(names[winner]))

    def sharer_line(self, points: int, penalty: int) -> str:
        return self.say("sharer_line", points=self.points_word(points), penalty=penalty)
