"""Every English word the table shows: the same names as ``ru`` (Russian).

Written in our own words as English card players would say it, not translated
line by line; the games' own terms (Bura, Molodka, Moscow, «31») keep their
names and are explained where they appear.  ``tests/test_language.py`` checks
that this module has every public name ``ru`` has, and no Cyrillic.
"""

from __future__ import annotations

import sys

from burkozel.rules import DECLARED, FALSE_DECLARATION, FORMATS
from table.i18n.common import (  # noqa: F401 — language-free names, kept here so both languages have them all
    HALF, LANGS, RUSSIAN_READERS, SUIT_SYMBOLS, TOTAL_POINTS, declaration_bands, hint_text, lang_for_browser, pass_bands,
)

LANG = "en"
LANG_LEGEND = "Language"
LANG_TITLES = {"ru": "Русский", "en": "English"}
YOU = "You"

SEAT_NAMES: dict[str, tuple[str, ...]] = {
    "pairs": ("You", "West", "North", "East"),
    "four": ("You", "West", "North", "East"),
    "three": ("You", "West", "East"),
    "duel": ("You", "Opponent"),
    "bura31": ("You", "Opponent"),
}
SEAT_GENITIVE = {"You": "you", "West": "West", "North": "North", "East": "East", "Opponent": "your opponent",
                 "South": "South"}
SEAT_INSTRUMENTAL = {"West": "West", "North": "North", "East": "East", "South": "South"}

PERSON_NAMES: dict[str, tuple[str, ...]] = {
    "pairs": ("South", "West", "North", "East"),
    "four": ("South", "West", "North", "East"),
    "three": ("South", "West", "East"),
    "duel": ("South", "North"),
    "bura31": ("South", "North"),
}

FORMAT_TITLES = {
    "pairs": "Pairs 2×2",
    "four": "Four players",
    "three": "Three players",
    "duel": "Head to head",
    "bura31": "Bura «31»",
}


def format_hint(fmt: str) -> str:
    table = FORMATS[fmt]
    if fmt == "pairs":
        return f"you and North against West and East, pass mark {table.pass_mark}"
    if fmt == "duel":
        return f"Burkozel one on one, {table.hand_size} cards each"
    if table.declaration is not None:
        return f"{table.hand_size} cards each, call «{table.declaration}»"
    return f"every player for themselves, pass mark {table.pass_mark}"


DIFFICULTY_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
DIFFICULTY_HINTS = {
    "easy": "plays simply, saves its trumps",
    "medium": "weighs each trick, remembers aces and trumps",
    "hard": "remembers every open card and looks ahead",
}
DIFFICULTY_UNAVAILABLE = "coming soon"

SPEED_TITLES = {"normal": "Normal", "fast": "Fast"}

COMBO_TITLES = {
    "golden_moscow": "Golden Moscow",
    "bura": "Bura",
    "four_ends": "Four Ends",
    "molodka": "Molodka",
    "moscow": "Moscow",
    "small_moscow": "Small Moscow",
}
COMBO_HINTS = {
    "golden_moscow": "all four aces",
    "bura": "four trumps",
    "four_ends": "four cards, each an ace or a ten",
    "molodka": "four cards of one plain suit",
    "moscow": "three aces, the trump ace among them",
    "small_moscow": "three tens",
}
TABLE_COMBO_HINTS: dict[str, dict[str, str]] = {
    "duel": {
        "golden_moscow": "four aces — «Four Ends»",
        "four_ends": "aces and tens: four tens are «Four Ends», a mix is «Four Brows»",
    },
    "bura31": {
        "moscow": "any three aces: the deal is yours at once, even against a Bura",
        "molodka": "three cards of one plain suit: lead out of turn",
    },
}
FOUR_ENDS, FOUR_FOREHEADS = "Four Ends", "Four Brows"
COMBOS_LEGEND = {
    "lead": "by rank: if several are held, the highest is played",
    "win": "a Bura — three trumps — always wins the deal and cannot be switched off",
}
DISCARD_TITLES = {"closed": "Face down", "open": "Face up"}
DISCARD_HINTS = {"closed": "nobody sees discarded cards", "open": "both players see the discards"}


def combo_hint(fmt: str, combo: str) -> str:
    return TABLE_COMBO_HINTS.get(fmt, {}).get(combo, COMBO_HINTS[combo])


def combo_title(fmt: str, combo: str, cards: "list[str] | tuple" = ()) -> str:
    if fmt == "duel" and combo in ("golden_moscow", "four_ends") and cards:
        ranks = {str(c)[0] for c in cards}
        return FOUR_ENDS if len(ranks) == 1 else FOUR_FOREHEADS
    return COMBO_TITLES.get(combo, combo)


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_LABELS = {"6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
RANK_NAMES = {"6": "six", "7": "seven", "8": "eight", "9": "nine", "T": "ten",
              "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_GENITIVE = SUIT_NAMES

ACTION_TITLES = {"lead": "Lead", "beat": "Beat", "discard": "Discard", "declare": "«31»"}
DECLARE_HINT = "Call «31»: your tricks hold 31 points or more"


def card_name(code: str) -> str:
    """«queen of spades» — the accessible name of a face-up card."""
    return f"{RANK_NAMES[code[0]]} of {SUIT_NAMES[code[1]]}"


def plural(n: int, one: str, few: str, many: str) -> str:
    """English plural: 1 card, 2 cards (``few`` and ``many`` are the same word)."""
    return one if abs(n) == 1 else many


def cards_word(n: int) -> str:
    return f"{n} {plural(n, 'card', 'cards', 'cards')}"


def cards_acc(n: int) -> str:
    return cards_word(n)


def points_word(n: int) -> str:
    return f"{n} {plural(n, 'point', 'points', 'points')}"


def genitive(name: str) -> str:
    """«West», «your opponent»; a typed name stays as typed."""
    return SEAT_GENITIVE.get(name, name)


def instrumental(name: str) -> str:
    return SEAT_INSTRUMENTAL.get(name, name)


def reason(code: str, *, kind: str, size: int | None, selected: int, actor: str | None = None) -> str:
    if code == "not_your_turn":
        return f"{actor} is to play" if actor else "not your turn"
    if code == "round_over":
        return "the round is over"
    if code == "mixed_suits":
        return "one suit only"
    if code == "must_lead":
        return "it's a lead"
    if code == "must_answer":
        return "you must answer"
    if code == "does_not_beat":
        return "doesn't beat"
    if code == "declare_too_early":
        return "after the first trick"
    if code == "no_declaration":
        return "instead of a lead"
    if code == "wrong_count":
        if kind == "lead":
            return f"1 to {size or 4} cards"
        if size is not None:
            return f"play {cards_acc(size)}"
    if code in ("card_not_in_hand", "duplicate_card", "bad_move"):
        return "no such cards"
    return "not allowed"


NO_SELECTION_LEAD = "pick your cards"
NO_SELECTION_BEAT = "pick cards to beat with"
AUTO_DISCARD = "we'll add the cheapest"


def prompt_lead(most: int = 4, may_declare: bool = False) -> str:
    cards = "1 card" if most == 1 else f"1–{most} cards"
    return f"Your lead: {cards} of one suit" + (" — or «31»" if may_declare else "")


def prompt_answer(size: int) -> str:
    return f"Your answer: {cards_acc(size)} — beat or discard"


def prompt_waiting(name: str) -> str:
    return f"{name} to play…"


def prompt_taken(name: str) -> str:
    return "Your trick" if name == YOU else f"{name} takes the trick"


def shout_combo(fmt: str, combo: str, cards: "list[str] | tuple", name: str) -> str:
    title = combo_title(fmt, combo, cards)
    return f"You have {title}!" if name == YOU else f"{subject(name)} has {title}!"


def trump_drawn(name: str) -> str:
    return "the trump is yours" if name == YOU else f"the trump went to {genitive(name)}"


ROUND_OVER = "Round over"
MATCH_OVER = "Match over"
NEXT_ROUND = "Next round"
NEW_MATCH = "New match"
CONTINUE_MATCH = "Continue match"
MENU = "Menu"
RULES = "Rules"
TO_GAME = "Back to the game →"
CLOSE = "Close"

SETTINGS_LATER = "Table, players, bots and combinations change with a new match."
SETTINGS_PENDING = "Your new settings apply from the next match."

EARLY_DEALING = "Dealing the cards as soon as the engine is up."
EARLY_RESUMING = "Back to your match as soon as the engine is up."

NOTICE_SETTINGS_BROKEN = "Your saved settings could not be read — the defaults are back."
NOTICE_SETTINGS_PARTIAL = "Some saved settings did not fit — they are back to their defaults."
NOTICE_MATCH_BROKEN = "The saved match could not be read — please start a new one."
NOTICE_MATCH_REPLAY = "The saved match does not fit the rules — please start a new one."
NOTICE_MATCH_OLD = "The saved match is from another version of the game — please start a new one."
NOTICE_STORAGE_OFF = "This browser won't let us save: settings and the match will not survive a reload."
NOTICE_STORAGE_FULL = "Could not save the match: the browser's storage is full."
NOTICE_BOT_FALLBACK = "That bot level is not available yet — easy bots are playing."

SEATS_LEGEND = "Players"
SEATS_HINT = "Several people share one device and pass it around"
SEAT_KIND_TITLES = {"human": "Person", "bot": "Bot"}
SEAT_NAME_LABEL = "Name"
SEAT_BOT_TAG = "bot"


def seat_place(fmt: str, seat: int) -> str:
    return f"Seat {seat + 1} · {PERSON_NAMES[fmt][seat]}"


def handover_title(name: str) -> str:
    return f"Pass the device to {name}"


def handover_button(name: str) -> str:
    return f"I am {name}"


HANDOVER_NOTE = "The cards stay hidden until the device is in the right hands. Everyone else — no peeking."


def side_label(fmt: str, side: int, names: "list[str] | tuple | None" = None, mine: int = 0) -> str:
    if fmt == "pairs":
        return "Us" if side == mine else "Them"
    return (names or SEAT_NAMES[fmt])[side]


def side_members(fmt: str, side: int, names: "list[str] | tuple | None" = None) -> str:
    if fmt != "pairs":
        return ""
    names = names or SEAT_NAMES[fmt]
    return " and ".join("you" if names[s] == YOU else names[s] for s in FORMATS[fmt].sides[side])


def winners_line(fmt: str, winners: list[int], names: "list[str] | tuple | None" = None) -> str:
    names = names or SEAT_NAMES[fmt]
    if fmt == "pairs":
        if len(winners) == 2:
            return "A draw: equal penalties"
        members = [names[s] for s in FORMATS[fmt].sides[winners[0]]]
        if YOU in members:
            partner = next(m for m in members if m != YOU)
            return f"You and {instrumental(partner)} win!"
        return f"{members[0]} and {members[1]} win"
    names = [names[w] for w in winners]
    if len(names) == 1:
        return "You win!" if names[0] == YOU else f"{subject(names[0])} wins"
    if len(names) == len(FORMATS[fmt].sides):
        return "A draw: equal penalties"
    return "Shared win: " + ", ".join(names)


def penalty_note(fmt: str) -> str:
    table = FORMATS[fmt]
    limit = f"The match is played to {table.penalty_limit} penalty points."
    if table.declaration is not None:
        b = declaration_bands(fmt)
        return (f"Winning the deal costs 0 penalty points, losing it {b['lost']}, a false «{table.declaration}» "
                f"{b['false']} to the caller, a draw 0. {limit}")
    b = pass_bands(fmt)
    mark = table.pass_mark
    if table.players == 2:
        return (f"{HALF}–{HALF} is a draw. The loser gets {b['pass']} with {mark} points or more, {b['below']} "
                f"with 1–{mark - 1}, {b['zero']} with none. {limit}")
    return (f"Pass mark {mark}. Most points: 0 penalty points; reaching the mark: {b['pass']}; short of it: "
            f"{b['below']}; no points at all: {b['zero']}. {limit}")


def unseen_title(n: int) -> str:
    return f"Your tricks hold {cards_word(n)} face down: their points show at the end of the deal"


def subject(name: str) -> str:
    """A seat's name opening a sentence: «Your opponent», «West»; a typed name as typed."""
    return "Your opponent" if name == "Opponent" else name


def _who(name: str, verb_me: str, verb_other: str) -> str:
    return f"You {verb_me}" if name == YOU else f"{subject(name)} {verb_other}"


def deal_end_line(fmt: str, end: str | None, winner: int | None, by: int | None,
                  points: list[int] | None, names: "list[str] | tuple | None" = None) -> str:
    names = names or SEAT_NAMES[fmt]
    table = FORMATS[fmt]
    call = f"«{table.declaration}»" if table.declaration is not None else ""
    if end in ("bura", "moscow") and by is not None:
        what = {"bura": "a Bura — three trumps", "moscow": "a Moscow — three aces"}[end]
        mine = names[by] == YOU
        return (f"You have {what}: the deal is yours." if mine
                else f"{subject(names[by])} has {what}: the deal is theirs.")
    if end == DECLARED and by is not None:
        pts = f" ({points_word(points[by])})" if points else ""
        return _who(names[by], f"called {call}{pts} — the deal is yours.", f"called {call}{pts} — the deal is theirs.")
    if end == FALSE_DECLARATION and by is not None:
        pts = f" only {points_word(points[by])}" if points else " less"
        return _who(names[by], f"called {call} but had{pts} — a false {call}, double penalty.",
                    f"called {call} but had{pts} — a false {call}, double penalty.")
    if table.players != 2:
        return "All cards played."
    if winner is None:
        if points and points[0] == points[1]:
            return f"Out of cards, {points[0]}–{points[1]} — a draw, no penalties."
        return "Out of cards — a draw, no penalties."
    return f"Out of cards: {'you have' if names[winner] == YOU else genitive(names[winner]) + ' has'} more points."


# --- the rules dialog: RULES.md and RULES-variants.md in our own words ------------------------

RULES_TITLE = "Rules of this table"
_PAIRS, _FOUR, _DUEL, _BURA = FORMATS["pairs"], FORMATS["four"], FORMATS["duel"], FORMATS["bura31"]
_BANDS = pass_bands("four")
_DUEL_BANDS = pass_bands("duel")
_BURA_BANDS = declaration_bands("bura31")
_CALL = f"«{_BURA.declaration}»"

RULES_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The deck", (
        "A 36-card deck: six up to ace in each of the four suits.",
        "Within a suit, low to high: 6, 7, 8, 9, jack, queen, king, ten, ace — the ten outranks the king.",
        "Card points: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing. The deck holds 120 points.",
        "A card beats another of the same suit and lower rank, and any trump beats a non-trump. "
        "A trump is beaten only by a higher trump.",
    )),
    ("Who plays with whom", (
        f"Pairs 2×2: you and North against West and East; partners sit opposite each other and share points "
        f"and penalties. The pass mark is {points_word(_PAIRS.pass_mark)}.",
        f"Four and three players: everyone plays for themselves. The pass mark is {points_word(_FOUR.pass_mark)}.",
        "Play goes clockwise: after you comes West, then North (with four players) and East.",
        "Head to head and Bura «31» are tables for two, the opponent sitting across. Their sections below say "
        "what differs; everything else is as here.",
    )),
    ("The deal", (
        "The first dealer is drawn by lot; after that the deal passes round the table.",
        "Cards go out one at a time round the table, starting left of the dealer, until everyone has four. "
        "The next card is turned face up: its suit is trumps. It lies under the stock and is drawn last.",
        "The player left of the dealer leads first, unless a combination gets in ahead.",
    )),
    ("A trick", (
        "The leader plays one to four cards of one suit, face up.",
        "The others answer in turn with exactly as many cards. You may beat: your cards must top every card of "
        "whoever is winning the trick, one for one. The table pairs them up for you — you only pick the cards. "
        "Whoever beats now owns the trick.",
        "You may instead discard face down — always, even when you could beat. A discard does not change who "
        "owns the trick, and its cards are never shown to anyone, during the round or after.",
        "If you pick fewer cards to discard than needed (or none), the rest are added for you: the cheapest "
        "first, trumps last.",
        "After the last answer the trick's owner takes all its cards, face-down ones too, and leads next.",
    )),
    ("Drawing", (
        "While the stock lasts, everyone draws one card at a time, starting with the trick's taker and going "
        "round, until all hold four again.",
        "The face-up trump goes last, and everyone sees who gets it.",
        "The round goes on until every card has been played.",
    )),
    ("End of the round", (
        "A side's points are the card points in all its tricks. During the round you see only your own points: "
        "face-down discards keep everyone else's score unknown.",
        "Most points: 0 penalty points (if the leaders tie, each of them gets zero).",
        f"The others get {_BANDS['zero']} penalty points with no points at all (even if they took tricks of "
        f"blank cards), {_BANDS['below']} with some points but short of the pass mark, {_BANDS['pass']} with the "
        f"pass mark or more.",
        "At the end of the round all sides' points and penalties are shown — but never the faces of discards.",
    )),
    ("Leading out of turn", (
        "Combinations are switched on in the menu before a match. With all of them off, nobody leads out of turn.",
        "By rank: Golden Moscow (all four aces), Bura (four trumps), Four Ends (four cards, each an ace or a ten), "
        "Molodka (four cards of one plain suit), Moscow (the trump ace and two more aces), Small Moscow "
        "(three tens).",
        "The check comes after the deal and after every draw, before the first card of the next trick. The "
        "holder leads the combination instead of the regular leader; with several, the highest wins, and with "
        "equal ones, whoever is nearest in turn to the regular leader.",
        "The combination plays itself and is announced. If you hold more fitting cards than it needs, the trump "
        "goes first, the rest in suit order.",
        "The others answer with as many cards and may beat it: four trumps fall only to four higher trumps. "
        "A combination wins nothing by itself — it only gives the lead.",
    )),
    ("The match", (
        f"Penalty points add up from round to round. As soon as anyone has {_FOUR.penalty_limit} or more after "
        f"a round, the match ends for everyone.",
        "The side with the fewest penalty points wins; a tie shares the win. Nobody drops out along the way.",
    )),
    ("At the table", (
        "Three seconds after the last answer the trick leaves the table by itself and the next one begins.",
        "After a round's result, «Next round» starts the next one; once the match is over, the button offers "
        "a new match.",
        "The table, the bots' level and the combinations are chosen in the menu for a whole match, remembered "
        "by the browser, and change only with a new match.",
        "You can also play together on one device: under «Players» in the menu, any seat but the first can go "
        "to a person instead of a bot, each with a name. Before another person's turn the table hides every "
        "card and asks to pass the device; the cards show when they press «I am …». Round results are for "
        "everyone to see.",
    )),
    ("Who knows what", (
        "Everyone knows their own hand, the trump and who drew it, how many cards are left in the stock, every "
        "face-up card and who played it, how many cards each face-down discard held and whose it was, their own "
        "side's points and all penalties.",
        "Nobody knows other hands or the faces of discards — the bots neither: they are shown exactly what a "
        "player in their seat would see.",
    )),
    ("Head to head: Burkozel one on one", (
        f"Two players, {_DUEL.hand_size} cards each. The dealer changes every deal, after a draw too; the "
        f"non-dealer leads first.",
        f"A lead is one to {_DUEL.hand_size} cards of one suit (a combination may mix suits). The opponent answers "
        f"with as many cards: either beats every card, one for one — and the trick is theirs — or throws any "
        f"cards, even when they could beat, and the leader takes the trick. You cannot beat just some of them.",
        "Thrown cards usually lie face down and are never shown; the menu offers open discards instead.",
        f"Drawing: the leader draws first, then the other, one at a time, until both hold {_DUEL.hand_size} again. "
        f"So the face-up trump goes to whoever answered the trick that emptied the stock.",
        "Combinations lead out of turn just as at the bigger tables, in the same order. Four aces or four tens "
        "are called «Four Ends», other fours of aces and tens «Four Brows». The first five are on by default, "
        "Small Moscow is optional.",
        f"The deal is played to the last card. {HALF}–{HALF} is a draw: no penalties, next deal. Otherwise the one "
        f"with more points gets 0; the loser gets {_DUEL_BANDS['pass']} with {_DUEL.pass_mark}–{HALF - 1} points, "
        f"{_DUEL_BANDS['below']} with 1–{_DUEL.pass_mark - 1}, and {_DUEL_BANDS['zero']} with no points at all "
        f"(even with tricks of blank cards).",
        f"The match goes on until someone has {_DUEL.penalty_limit} penalty points or more; the one with fewer wins.",
    )),
    ("Bura «31»", (
        f"Two players, {_BURA.hand_size} cards each. The dealer changes every deal; the non-dealer leads first.",
        f"A lead is one to {_BURA.hand_size} cards of one suit. The answer is as many cards: beat them all (your "
        f"trick) or throw any (the leader's trick).",
        "Discards usually lie face up: both players see them. The menu can make them face down — then your own "
        "score shows the points of open cards and, apart, how many closed cards you took.",
        f"Drawing: the trick's taker first, then the other, one at a time, up to {_BURA.hand_size} cards; the "
        f"taker leads next.",
        f"A Bura — {_BURA.hand_size} trumps in hand — wins the deal at once, no need to call it. It is checked "
        f"after the deal and after every draw. If both hold a Bura, the player not on lead wins only when their "
        f"trumps beat all of the other's; otherwise the player on lead wins.",
        "Moscow (switch it on in the menu): any three aces win the deal at once and are checked before a Bura. "
        "Molodka (also in the menu): three cards of one plain suit — the player not on lead leads them out of "
        "turn; if both hold one, play goes on as usual.",
        f"{_CALL}: instead of your lead — but not before the deal's first trick is played — you may press {_CALL}. "
        f"If your tricks hold {points_word(_BURA.declaration)} or more, the deal is yours; if fewer, it is a false "
        f"{_CALL} and the penalty is doubled.",
        f"If the cards run out and nobody called {_CALL}, the one with more points wins; {HALF}–{HALF} is a draw.",
        f"The deal's winner gets 0 penalty points, the loser {_BURA_BANDS['lost']}, a false {_CALL} costs "
        f"{_BURA_BANDS['false']}, a draw 0 to both. The match is played to {_BURA.penalty_limit} penalty points; "
        f"fewer wins.",
        "Your opponent's points show only at the end of the deal; yours you always see.",
    )),
)

RULES_DIFFICULTY = (
    "Easy — plays simply and saves its trumps.",
    "Medium — weighs what a trick is worth against the hand it keeps, plays for the pass mark and for its "
    "partner, remembers the aces, tens and trumps already out.",
    "Hard — remembers every face-up card and looks further ahead at how the play may go.",
    "Fair play: each bot sees only what can be seen from its own seat — its hand, the face-up cards and the "
    "trump; it knows neither other hands nor the stock. An automated test checks this. A deal depends only on "
    "its number (the seed): «Check this deal» deals the very same cards again.",
)

P2P_BUTTON = "Play with a friend"
P2P_CREATE = "Create a table"
P2P_JOIN = "Join"
P2P_CONNECT = "Connect"
P2P_CANCEL = "Cancel"
P2P_LEAVE = "Leave the game with a friend"
P2P_INVITE = "Invite again"
P2P_SCAN = "Scan a QR code"
P2P_TITLE = "Play with a friend"
P2P_INTRO = ("Two devices on the same Wi‑Fi play directly — no server, no internet. "
             "One creates the table (the table, bots and settings come from the menu), the other joins. "
             "The devices swap codes: show a QR code or send the text.")
P2P_SEATS_NOTE = "Your friend takes the seat marked «Person» in the menu; if there is none, the seat opposite."
P2P_HOST_SHOW = "Show your friend this QR code (or send the code). They open the game and press «Connect»."
P2P_HOST_PASTE = "Your friend will show you their reply code — paste it here:"
P2P_GUEST_PASTE = "Paste the table code the host shows you (or point your camera at their QR code):"
P2P_GUEST_SHOW = "Show this code to the host — they paste it on their side. The game starts by itself."
P2P_MAKING = "Making a code…"
P2P_CONNECTING = "Connecting…"
P2P_CODE_LABEL = "Code"
P2P_QR_LABEL = "QR code to connect"
P2P_BAD_CODE = "That is not a table code: check that it was pasted in full."
P2P_WRONG_OFFER = "That is a reply code, but a table code is needed here — the host shows it."
P2P_WRONG_ANSWER = "That is a table code, but a reply code is needed here — your friend shows it after pasting yours."
P2P_UNSUPPORTED = "This browser cannot connect directly to another device."
P2P_FAILED = ("Could not connect directly. Both devices must be on the same Wi‑Fi network "
              "(not mobile data). Guest networks in cafés, hotels and offices often keep devices "
              "apart — then it won't work. You can still play on one device, passing it around.")
P2P_RETRY = "Try again"
P2P_PASS_AND_PLAY = "Play on one device"
P2P_PASS_AND_PLAY_HINT = "Mark the people's seats in the menu — the device is passed between turns."
P2P_HOST_NAME = "Host"
P2P_NOT_NOW = "It's not your turn"
P2P_BOT_PLAYS_FOR_YOU = "While you were away, a bot played for you"
P2P_WAIT_HOST = "The host starts the next round"
P2P_HOST_LOST = "Lost the link to the host. The match is saved on their side: ask for a new code and join again."
P2P_LINK_UP = "connected"
P2P_OTHER_VERSION = "The devices run different versions of the game — reload the page on both and connect again."


def p2p_guest_away(name: str) -> str:
    return f"{name}: no connection. In a minute a bot takes over until they are back."


def p2p_guest_bot(name: str) -> str:
    return f"{name}: no connection — a bot is playing. Invite them again to give the seat back."


def p2p_waiting_for(name: str) -> str:
    return f"{name}: waiting to connect"


def card_short(code: str) -> str:
    """«Q♠», «10♥»: a card in running text."""
    return f"{RANK_LABELS[code[0]]}{SUIT_SYMBOLS[code[1]]}"


def cards_short(codes: "list[str] | tuple") -> str:
    return " ".join(card_short(str(c)) for c in codes)


HINT = "Hint"
HINT_TITLE = "What the hard bot would play in your seat"
HINT_THINKING = "Hint: the hard bot is thinking…"
HINT_MOVE_VERBS = {"lead": "lead", "beat": "beat with", "discard": "discard"}


def hint_move(kind: str, cards: "list[str] | tuple") -> str:
    if kind == "declare":
        return "call «31»"
    return f"{HINT_MOVE_VERBS[kind]} {cards_short(cards) if cards else 'any'}"


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _num(x: float) -> str:
    return f"{x:.1f}"


HINT_HEAD = "Hard bot: {best}."
HINT_FORCED_DECLARE = "The «31» is good: the deal is yours."
HINT_FORCED_ONLY = "There is no other move."
HINT_OUTLOOK_DEAL = "mean penalty {penalty}, the deal is yours in {wins} of layouts"
HINT_OUTLOOK_PASS = "mean penalty {penalty}, pass mark {mark} reached in {passes} of layouts"
HINT_WHY = "The bot played each move out in the same layouts of the hidden cards — those possible from what you see"
HINT_WORLDS = " ({worlds} per move)"
HINT_GAP = "; the best move costs {gap} penalty points less than the next, on average"
HINT_CLOSE = "; about the same penalty — the best move wins more often or by more points"


def hint_lines(hint) -> tuple[str, list[str], str]:
    """(the advice, one line per option, why) for a :class:`hint.Hint`, in English."""
    return hint_text(hint, sys.modules[__name__])


LAST_TRICK = "Last trick"
LAST_TRICK_NONE = "No tricks in this deal yet."
LAST_TRICK_KEY = "Key: L"
OWN_DISCARD = "yours:"


def beaten(name: str, cards: "list[str] | tuple") -> str:
    return f"— over {'your' if name == YOU else genitive(name) + chr(39) + 's'} {cards_short(cards)}"


TAKEN_PILE = "Your tricks: show the last one"


def trick_line(names: "list[str]", play: dict, lead: bool) -> str:
    who = names[play["seat"]]
    kind = play["kind"]
    if kind == "discard" and not play["cards"]:
        return f"{who}: discard, {cards_word(play['count'])} face down"
    verb = "lead" if lead else {"lead": "lead", "beat": "beats", "discard": "discard"}[kind]
    return f"{who}: {verb} {cards_short(play['cards'])}"


def trick_taken(names: "list[str]", winner: int, points: int, hidden: int) -> str:
    taker = "Your trick" if winner == 0 else f"{names[winner]} takes the trick"
    extra = f" + {cards_word(hidden)} face down" if hidden else ""
    return f"{taker}: {points_word(points)}{extra}"


STORY = "How the deal went"
STORY_REVIEW = "Replay the deal"
STORY_STEP = "Move {n} of {total}"
STORY_PREV = "← Back"
STORY_NEXT = "Next →"
STORY_HAND = "Your hand"
STORY_TRICK = "Trick {n}"

STATS = "Statistics"
STATS_RESET = "Reset statistics"
STATS_EMPTY = "Nothing here yet: play a deal."
STATS_CHART = "Recent deals: your side's points (green — no penalty)"
STATS_ROWS = (
    ("matches", "Matches played"), ("matches_won", "Matches won"),
    ("deals", "Deals played"), ("deals_won", "Deals without a penalty"),
    ("mean_points", "Mean points per deal"), ("penalties", "Penalty points in all"),
    ("declared_true", "True «31» calls"), ("declared_false", "False «31» calls"),
    ("hints", "Hints taken"), ("best_streak", "Best run of deals without a penalty"),
)


def number(x: "int | float") -> str:
    """A figure in a table: 12, 43.5."""
    return _num(x) if isinstance(x, float) else str(x)


NOTICE_STATS_BROKEN = "The saved statistics could not be read — they start afresh."

SHARE = "Share this deal"
SHARE_NOTE = "The link opens the same table with the same deals and the same bots; no hidden cards are in it."
SHARE_COPY = "Copy the link:"
SEED = "Seed"
SEED_LINE = "Match seed {seed}, deal {deal}: the cards depend on these alone."
CHECK_DEAL = "Check this deal"
SEED_LABEL = "Your own seed (optional)"
SEED_NOTE = "A number — and the match deals the same cards every time."


def sharer_line(points: int, penalty: int) -> str:
    return f"Whoever shared this deal took {points_word(points)}, penalty {penalty}."


# --- the table's frame, score, seats, trick, menu and rules dialog (web/table/view/render.py) -------------

FRAME_LABELS = {"felt": "Table", "trick": "Trick", "mine": "Your seat", "hand": "Your cards"}
NO_MATCH_PROMPT = "Choose your settings and start a match"
SCORE_TITLE = "Your side's points this round"
PENALTIES_LABEL = "Penalties"
PARTNER_TAG = "partner"
DEALER_TAG = "dealer"
DEALER_TITLE = "Deals this round"
MY_DEALER_TAG = "dealer"
MY_DEALER_TITLE = "You deal this round"
THINKING = "thinking…"
TRUMP_WORD = "trump"
STOCK_TITLE = "Cards in the stock"
KIND_LABELS = {"lead": "leads", "beat": "beats", "discard": "discards"}
RESULT_COLUMNS = ("Side", "Points", "Penalty", "Total")
HIDE = "Hide"
MENU_TITLE = "Burkozel"
MENU_SUBTITLE = "four cards each"
CLOSE_MENU = "Close the menu"
TABLE_LEGEND = "Table"
BOTS_LEGEND = "Bots"
COMBOS_TITLE = "Combinations"
DISCARD_LEGEND = "Discards"
SPEED_LEGEND = "Bot speed"
CLOSE_RULES = "Close the rules"
RULES_BOTS = "Bots"
PEN_COLUMN_TITLES = {"pairs": "Pairs", "four": "Every player for themselves", "duel": "Head to head"}
PEN_CAPTION = "Penalty points per round"
PEN_HEAD = "Round result"
PEN_ROWS = ("most points", "pass mark reached", "some points, below the mark", "no points at all")


def score_target(declaration: int | None, pass_mark: int) -> str:
    return f"target {declaration}" if declaration is not None else f"mark {pass_mark}"


def unseen_short(n: int) -> str:
    return f"+{n} hidden"


def round_points_label(round_no: int) -> str:
    return f"Round {round_no} · points"


def penalty_limit_label(limit: int) -> str:
    return f"to {limit}"


def in_hand(n: int) -> str:
    return f"{cards_word(n)} in hand"


def in_stock(n: int) -> str:
    return f"{cards_word(n)} in the stock"


def trump_badge(suit: str) -> str:
    return f"Trumps — {SUIT_NAMES[suit]}"


def trump_note(suit: str) -> str:
    return f"trumps: {SUIT_NAMES[suit]}"


def round_over_title(round_no: int) -> str:
    return f"Round {round_no} over"


def pen_pass_cell(mark: int, penalty: int) -> str:
    return f"{mark} or more → {penalty}"


def pen_bura_note(declaration: int, lost: int, false: int, limit: int) -> str:
    return (f"Bura «{declaration}»: a deal won — 0, lost — {lost}, a false «{declaration}» — {false}, "
            f"a draw — 0. Every match is played to {limit} penalty points.")


ANY_MOVE_REFUSED = "not allowed"


# --- online play ---
ONLINE_INVITE = "Invite by link"
ONLINE_INVITE_INTRO = ("Each friend gets a link to their own seat. They open it on any device "
                       "with internet and sit down at once.")
ONLINE_COPY = "Copy"
ONLINE_SHARE = "Share"
ONLINE_COPIED = "Link copied"
ONLINE_COPY_FAILED = "Could not copy — select the link and copy it yourself"
ONLINE_JOINED = "at the table"
ONLINE_NOT_YET = "waiting"
ONLINE_WITH_BOT = "a bot plays"
ONLINE_FILL_BOT = "Seat a bot"
ONLINE_START = "Start the game"
ONLINE_START_WAIT = "You can start once every seat is taken (or a bot sits in the empty ones)"
ONLINE_DIRECT = "direct"
ONLINE_VIA_RELAY = "via a relay"
ONLINE_JOINING = "Connecting to the host's table…"
ONLINE_TAKEN = "This seat is already taken on another device. Ask the host for a link to a free seat."
ONLINE_BAD_LINK = "The link is damaged or cut short — ask the host to send it again."
ONLINE_OLD_LINK = "The link was made by another version of the game — ask the host for a new one."
ONLINE_UNAVAILABLE = "Could not load online play — check the internet connection and reload the page."
ONLINE_QR_LABEL = "QR code of the seat's link"


def online_seat_line(name: str) -> str:
    return f"Seat “{name}”"


def online_joining(fmt_name: str, seat: int) -> str:
    return f"You are invited to “{fmt_name}”, seat {seat + 1}."


ONLINE_TIMER = "Time per move:"
ONLINE_TIMER_OFF = "no limit"


def online_seconds(n: int) -> str:
    return f"{n} s"
