"""Every Russian word the table shows, in one place.

Why a module of its own: the controller and the renderer stay free of prose,
the wording can be reviewed in a single file, and the rules dialog is written
here in the project's own words (RULES.md is the normative source; nothing is
copied from the seed rule card).

A language is a module with the same public names: this one is Russian,
``en`` English; ``languages.for_lang`` hands code the one it needs.
"""

from __future__ import annotations

import sys

from burkozel.rules import DECLARED, FALSE_DECLARATION, FORMATS
from table.i18n.common import (  # noqa: F401 — language-free names, kept here so both languages have them all
    HALF, LANGS, RUSSIAN_READERS, SUIT_SYMBOLS, TOTAL_POINTS, declaration_bands, hint_text, lang_for_browser, pass_bands,
)

LANG = "ru"
"""This module's language (``<html lang>``)."""
LANG_LEGEND = "Язык"
LANG_TITLES = {"ru": "Русский", "en": "English"}
YOU = "Вы"
"""The viewer's own seat name; also a name nobody may type (web/table/match/seats.py)."""

SEAT_NAMES: dict[str, tuple[str, ...]] = {
    "pairs": ("Вы", "Запад", "Север", "Восток"),
    "four": ("Вы", "Запад", "Север", "Восток"),
    "three": ("Вы", "Запад", "Восток"),
    "duel": ("Вы", "Соперник"),
    "bura31": ("Вы", "Соперник"),
}
"""Seat names; play goes clockwise 0 → 1 → 2 (→ 3): you, then left, top, right
(two players: you and the opponent across the table)."""

# Genitive forms for «Бура у Востока!», «козырь у Запада».
SEAT_GENITIVE = {"Вы": "вас", "Запад": "Запада", "Север": "Севера", "Восток": "Востока", "Соперник": "соперника",
                 "Юг": "Юга"}
SEAT_INSTRUMENTAL = {"Запад": "Западом", "Север": "Севером", "Восток": "Востоком", "Юг": "Югом"}

PERSON_NAMES: dict[str, tuple[str, ...]] = {
    "pairs": ("Юг", "Запад", "Север", "Восток"),
    "four": ("Юг", "Запад", "Север", "Восток"),
    "three": ("Юг", "Запад", "Восток"),
    "duel": ("Юг", "Север"),
    "bura31": ("Юг", "Север"),
}
"""A seat's name when several people share the device (``web/table/match/seats.py``): the
side of the table it faces, as players of cards name seats; the player at
seat 0 is «Юг» (the screen's bottom in single play)."""

FORMAT_TITLES = {
    "pairs": "Пары 2×2",
    "four": "Четверо",
    "three": "Трое",
    "duel": "Вдвоём",
    "bura31": "Бура «31»",
}


def format_hint(fmt: str) -> str:
    """The menu's line under a table's name, its numbers from the rule set."""
    table = FORMATS[fmt]
    if fmt == "pairs":
        return f"вы и Север против Запада и Востока, выход {table.pass_mark}"
    if fmt == "duel":
        return f"Буркозёл один на один, по {table.hand_size} карты"
    if table.declaration is not None:
        return f"по {table.hand_size} карты, объявите «{table.declaration}»"
    return f"каждый за себя, выход {table.pass_mark}"


DIFFICULTY_TITLES = {"easy": "Лёгкая", "medium": "Средняя", "hard": "Сложная"}
DIFFICULTY_HINTS = {
    "easy": "простые ходы, козыри бережёт",
    "medium": "считает взятки, помнит тузы и козыри",
    "hard": "помнит все открытые карты и просчитывает продолжения",
}
DIFFICULTY_UNAVAILABLE = "скоро"

SPEED_TITLES = {"normal": "Обычная", "fast": "Быстрая"}

COMBO_TITLES = {
    "golden_moscow": "Золотая Москва",
    "bura": "Бура",
    "four_ends": "Четыре конца",
    "molodka": "Молодка",
    "moscow": "Москва",
    "small_moscow": "Малая Москва",
}
COMBO_HINTS = {
    "golden_moscow": "все четыре туза",
    "bura": "четыре козыря",
    "four_ends": "четыре карты из тузов и десяток",
    "molodka": "четыре карты одной некозырной масти",
    "moscow": "три туза, среди них козырный",
    "small_moscow": "три десятки",
}
TABLE_COMBO_HINTS: dict[str, dict[str, str]] = {
    "duel": {
        "golden_moscow": "четыре туза — «4 конца»",
        "four_ends": "тузы и десятки: четыре десятки — «4 конца», смесь — «4 лба»",
    },
    "bura31": {
        "moscow": "любые три туза: сдача ваша сразу, даже против буры",
        "molodka": "три карты одной некозырной масти: заход вне очереди",
    },
}
"""Where a table's combination differs from the four-seat one (RULES-variants.md)."""
FOUR_ENDS, FOUR_FOREHEADS = "4 конца", "4 лба"
COMBOS_LEGEND = {
    "lead": "по старшинству: при нескольких играет верхняя",
    "win": "бура — три козыря — выигрывает сдачу всегда, её не выключить",
}
DISCARD_TITLES = {"closed": "Рубашкой вверх", "open": "Открытый"}
DISCARD_HINTS = {"closed": "лиц сброса не видит никто", "open": "сброшенные карты видны обоим"}


def combo_hint(fmt: str, combo: str) -> str:
    return TABLE_COMBO_HINTS.get(fmt, {}).get(combo, COMBO_HINTS[combo])


def combo_title(fmt: str, combo: str, cards: "list[str] | tuple" = ()) -> str:
    """A combination's name as the table calls it.  In ``duel`` four aces or
    four tens are «4 конца», any other four of aces and tens «4 лба»
    (RULES-variants.md §2.5)."""
    if fmt == "duel" and combo in ("golden_moscow", "four_ends") and cards:
        ranks = {str(c)[0] for c in cards}
        return FOUR_ENDS if len(ranks) == 1 else FOUR_FOREHEADS
    return COMBO_TITLES.get(combo, combo)

SUIT_NAMES = {"C": "трефы", "D": "бубны", "H": "черви", "S": "пики"}
RANK_LABELS = {"6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
RANK_NAMES = {"6": "шестёрка", "7": "семёрка", "8": "восьмёрка", "9": "девятка", "T": "десятка",
              "J": "валет", "Q": "дама", "K": "король", "A": "туз"}
SUIT_GENITIVE = {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"}

ACTION_TITLES = {"lead": "Ходить", "beat": "Побить", "discard": "Сбросить", "declare": "«31»"}
DECLARE_HINT = "Объявить «31»: во взятках 31 очко или больше"


def card_name(code: str) -> str:
    """«дама пик» — the accessible name of a face-up card."""
    return f"{RANK_NAMES[code[0]]} {SUIT_GENITIVE[code[1]]}"


def plural(n: int, one: str, few: str, many: str) -> str:
    """Russian plural: 1 карта, 2 карты, 5 карт."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def cards_word(n: int) -> str:
    return f"{n} {plural(n, 'карта', 'карты', 'карт')}"


def cards_acc(n: int) -> str:
    """Accusative after «нужно»/«сбросьте»: 1 карту, 2 карты, 5 карт."""
    return f"{n} {plural(n, 'карту', 'карты', 'карт')}"


def points_word(n: int) -> str:
    return f"{n} {plural(n, 'очко', 'очка', 'очков')}"


def genitive(name: str) -> str:
    """«у Запада»; a typed name is not declined: «у игрока Аня»."""
    return SEAT_GENITIVE.get(name, f"игрока {name}")


def instrumental(name: str) -> str:
    """«с Севером»; a typed name is not declined: «с игроком Аня»."""
    return SEAT_INSTRUMENTAL.get(name, f"игроком {name}")


# --- reasons an action button is disabled (IllegalMoveError.code → words) ------


def reason(code: str, *, kind: str, size: int | None, selected: int, actor: str | None = None) -> str:
    """A short reason why the selected cards cannot be played this way."""
    if code == "not_your_turn":
        return f"сейчас ходит {actor}" if actor else "сейчас не ваш ход"
    if code == "round_over":
        return "раунд окончен"
    if code == "mixed_suits":
        return "одна масть"
    if code == "must_lead":
        return "сейчас заход"
    if code == "must_answer":
        return "нужно ответить"
    if code == "does_not_beat":
        return "не бьёт"
    if code == "declare_too_early":
        return "после первой взятки"
    if code == "no_declaration":
        return "вместо захода"
    if code == "wrong_count":
        if kind == "lead":
            return f"от 1 до {size or 4} карт"
        if size is not None:
            return f"нужно {cards_acc(size)}"
    if code in ("card_not_in_hand", "duplicate_card", "bad_move"):
        return "таких карт нет"
    return "так нельзя"


NO_SELECTION_LEAD = "выберите карты"
NO_SELECTION_BEAT = "выберите, чем бить"
AUTO_DISCARD = "сами выберем худшие"

# --- status line ----------------------------------------------------------------

def prompt_lead(most: int = 4, may_declare: bool = False) -> str:
    cards = "1 карта" if most == 1 else f"1–{most} карты"
    return f"Ваш заход: {cards} одной масти" + (" — или «31»" if may_declare else "")


def prompt_answer(size: int) -> str:
    return f"Ваш ответ: {cards_acc(size)} — побейте или сбросьте"


def prompt_waiting(name: str) -> str:
    return f"Ходит {name}…"


def prompt_taken(name: str) -> str:
    return "Взятка ваша" if name == "Вы" else f"Взятку берёт {name}"


def shout_combo(fmt: str, combo: str, cards: "list[str] | tuple", name: str) -> str:
    return f"{combo_title(fmt, combo, cards)} у {genitive(name)}!"


def trump_drawn(name: str) -> str:
    return "козырь у вас" if name == "Вы" else f"козырь у {genitive(name)}"


ROUND_OVER = "Раунд окончен"
MATCH_OVER = "Партия окончена"
NEXT_ROUND = "Следующий раунд"
NEW_MATCH = "Новая партия"
CONTINUE_MATCH = "Продолжить партию"
MENU = "Меню"
RULES = "Правила"
TO_GAME = "К игре →"
CLOSE = "Закрыть"

SETTINGS_LATER = "Стол, игроки, сложность и комбинации меняются с новой партией."
SETTINGS_PENDING = "Выбранные настройки начнут действовать в новой партии."

# The boot screen after «Новая партия» / «Продолжить партию» was pressed in the
# menu before the engine was up (web/table/view/earlymenu.py, web/page/menu.js).
EARLY_DEALING = "Раздаём карты — как только движок запустится."
EARLY_RESUMING = "Возвращаемся к партии — как только движок запустится."

# --- notices about storage ----------------------------------------------------------

NOTICE_SETTINGS_BROKEN = "Сохранённые настройки не читаются — выставлены обычные."
NOTICE_SETTINGS_PARTIAL = "Часть сохранённых настроек не подошла — она заменена обычной."
NOTICE_MATCH_BROKEN = "Сохранённую партию не удалось прочитать — начните новую."
NOTICE_MATCH_REPLAY = "Сохранённая партия не сходится с правилами — начните новую."
NOTICE_MATCH_OLD = "Сохранённая партия от другой версии игры — начните новую."
NOTICE_STORAGE_OFF = "Браузер не даёт сохранять: настройки и партия не переживут перезагрузку."
NOTICE_STORAGE_FULL = "Не удалось сохранить партию: хранилище браузера переполнено."
NOTICE_BOT_FALLBACK = "Выбранная сложность пока недоступна — играют лёгкие боты."

# --- several people at one device (web/table/match/seats.py) ---------------------------------------

SEATS_LEGEND = "Игроки"
SEATS_HINT = "Несколько человек играют на одном устройстве, передавая его друг другу"
SEAT_KIND_TITLES = {"human": "Человек", "bot": "Бот"}
SEAT_NAME_LABEL = "Имя"
SEAT_BOT_TAG = "бот"


def seat_place(fmt: str, seat: int) -> str:
    """The menu's label of a seat: «Место 2 · Запад»."""
    return f"Место {seat + 1} · {PERSON_NAMES[fmt][seat]}"


def handover_title(name: str) -> str:
    return f"Передайте устройство: {name}"


def handover_button(name: str) -> str:
    return f"Я — {name}"


HANDOVER_NOTE = "Карты скрыты, пока устройство не в нужных руках. Остальным — не подглядывать."


def side_label(fmt: str, side: int, names: "list[str] | tuple | None" = None, mine: int = 0) -> str:
    """A side's name in the score: «Мы»/«Они» in pairs (``mine`` is the viewer's
    side), seat names otherwise (``names``: the table's, the viewer «Вы»)."""
    if fmt == "pairs":
        return "Мы" if side == mine else "Они"
    return (names or SEAT_NAMES[fmt])[side]


def side_members(fmt: str, side: int, names: "list[str] | tuple | None" = None) -> str:
    """«вы и Север»: who plays for a side of two."""
    if fmt != "pairs":
        return ""
    names = names or SEAT_NAMES[fmt]
    return " и ".join("вы" if names[s] == "Вы" else names[s] for s in FORMATS[fmt].sides[side])


def winners_line(fmt: str, winners: list[int], names: "list[str] | tuple | None" = None) -> str:
    """«Победа ваша!», «Победил Запад», «Победа поделена: Вы, Восток»."""
    names = names or SEAT_NAMES[fmt]
    if fmt == "pairs":
        if len(winners) == 2:
            return "Ничья: штрафов поровну"
        members = [names[s] for s in FORMATS[fmt].sides[winners[0]]]
        if "Вы" in members:
            partner = next(m for m in members if m != "Вы")
            return f"Победа ваша с {instrumental(partner)}!"
        return f"Победили {members[0]} и {members[1]}"
    names = [names[w] for w in winners]
    if len(names) == 1:
        return "Победа ваша!" if names[0] == "Вы" else f"Победил {subject(names[0])}"
    if len(names) == len(FORMATS[fmt].sides):
        return "Ничья: штрафов поровну"
    return "Победу делят: " + ", ".join(names)


# --- how a deal ended and what it cost (numbers from the rule set) --------------------

def penalty_note(fmt: str) -> str:
    """The small print under a deal's result: how penalties are given at this table."""
    table = FORMATS[fmt]
    limit = f"Партия — до {table.penalty_limit} штрафных."
    if table.declaration is not None:
        b = declaration_bands(fmt)
        return (f"Выигрыш сдачи — 0 штрафных, проигрыш — {b['lost']}, ложное «{table.declaration}» — "
                f"{b['false']} объявившему, ничья — 0. {limit}")
    b = pass_bands(fmt)
    mark = table.pass_mark
    if table.players == 2:
        return (f"{HALF} на {HALF} — ничья. Проигравшему: {mark} очка и больше — {b['pass']}, 1–{mark - 1} — "
                f"{b['below']}, без очков — {b['zero']}. {limit}")
    return (f"Выход — {mark}. Больше всех очков — 0 штрафных; с выходом — {b['pass']}, без выхода — "
            f"{b['below']}, без очков — {b['zero']}. {limit}")


def unseen_title(n: int) -> str:
    """The hint on «+N закр.»: closed cards in one's tricks, valued only at the deal's end."""
    return f"В ваших взятках {cards_word(n)} рубашкой вверх: их очки откроются в конце сдачи"


def subject(name: str) -> str:
    """A seat's name as the subject of a past-tense verb: «Запад»; a typed
    name goes with «игрок», which the verb agrees with («игрок Аня объявил»)."""
    return name if name in SEAT_GENITIVE else f"игрок {name}"


def _who(name: str, verb_me: str, verb_other: str) -> str:
    if name == "Вы":
        return f"Вы {verb_me}"
    who = subject(name)
    return f"{who[0].upper()}{who[1:]} {verb_other}"


def deal_end_line(fmt: str, end: str | None, winner: int | None, by: int | None,
                  points: list[int] | None, names: "list[str] | tuple | None" = None) -> str:
    """How the deal ended, in a line: бура, Москва, «31», a false «31», the cards
    running out, or a 60–60 draw (``SeatView.end``, ``deal_winner``, ``ended_by``)."""
    names = names or SEAT_NAMES[fmt]
    table = FORMATS[fmt]
    call = f"«{table.declaration}»" if table.declaration is not None else ""
    if end in ("bura", "moscow") and by is not None:
        what = {"bura": "бура — три козыря", "moscow": "Москва — три туза"}[end]
        return f"У {genitive(names[by])} {what}: сдача {'ваша' if names[by] == 'Вы' else 'его'}."
    if end == DECLARED and by is not None:
        pts = f" ({points_word(points[by])})" if points else ""
        return _who(names[by], f"объявили {call}{pts} — сдача ваша.", f"объявил {call}{pts} — сдача его.")
    if end == FALSE_DECLARATION and by is not None:
        pts = f" только {points_word(points[by])}" if points else " меньше"
        return _who(names[by], f"объявили {call}, а набрали{pts} — ложное {call}, штраф вдвойне.",
                    f"объявил {call}, а набрал{pts} — ложное {call}, штраф вдвойне.")
    if table.players != 2:
        return "Все карты сыграны."
    if winner is None:
        if points and points[0] == points[1]:
            return f"Карты кончились, {points[0]} на {points[1]} — ничья, штрафов нет."
        return "Карты кончились — ничья, штрафов нет."
    return f"Карты кончились: больше очков {'у вас' if names[winner] == 'Вы' else 'у ' + genitive(names[winner])}."


# --- the rules dialog ---------------------------------------------------------------
# Each section restates a clause of RULES.md (the tables of three and four) or of
# RULES-variants.md (the two-player tables) in our own words; the numbers come
# from the rule sets.

RULES_TITLE = "Правила этого стола"
_PAIRS, _FOUR, _DUEL, _BURA = FORMATS["pairs"], FORMATS["four"], FORMATS["duel"], FORMATS["bura31"]
_BANDS = pass_bands("four")
_DUEL_BANDS = pass_bands("duel")
_BURA_BANDS = declaration_bands("bura31")
_CALL = f"«{_BURA.declaration}»"

RULES_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Колода и карты", (
        "Играют колодой в 36 листов: от шестёрки до туза в каждой из четырёх мастей.",
        "Старшинство внутри масти снизу вверх: 6, 7, 8, 9, валет, дама, король, десятка, туз — десятка сильнее короля.",
        "Очки за карты: туз 11, десятка 10, король 4, дама 3, валет 2, младшие — ничего. Всего в колоде 120 очков.",
        "Карта бьёт другую, если она той же масти и старше, или если она козырь, а та — нет. Козырь перебивается только старшим козырем.",
    )),
    ("Кто с кем играет", (
        f"Пары 2×2: вы с Севером против Запада с Востоком, партнёры сидят друг напротив друга, очки и штрафы у пары общие. Выход — {points_word(_PAIRS.pass_mark)}.",
        f"Четверо и трое: каждый играет только за себя. Выход — {points_word(_FOUR.pass_mark)}.",
        "Всё идёт по часовой стрелке: после вас ходит Запад, затем Север (в игре на четверых) и Восток.",
        "Вдвоём и Бура «31» — столы на двоих, соперник сидит напротив. Чем они отличаются, сказано в их разделах ниже; остальное — как здесь.",
    )),
    ("Сдача", (
        "Первого сдающего выбирает жребий, дальше сдача переходит по кругу.",
        "Каждому по одной карте по кругу, начиная с соседа сдающего, пока у всех не станет по четыре. Следующая карта открывается: её масть — козырь. Она лежит под колодой и достаётся последней.",
        "Первым заходит сосед сдающего, если его не опередит комбинация.",
    )),
    ("Взятка", (
        "Заходящий выкладывает от одной до четырёх карт одной масти в открытую.",
        "Остальные по очереди отвечают ровно тем же числом карт. Можно побить: ваши карты должны перекрыть все карты того, кто сейчас берёт взятку, — каждую своей. Как разложить пары, стол найдёт сам, вы только выбираете карты. Побивший становится новым хозяином взятки.",
        "Можно сбросить карты рубашкой вверх — всегда, даже когда есть чем бить. Сброс не меняет хозяина взятки, а его карты не открываются никому: ни во время раунда, ни после.",
        "Если выбрать для сброса меньше карт, чем нужно (или ни одной), недостающие добавятся сами: самые дешёвые, козыри — в последнюю очередь.",
        "Хозяин взятки после последнего ответа забирает все её карты, и закрытые тоже, и заходит следующим.",
    )),
    ("Добор", (
        "Пока в колоде есть карты, все добирают по одной, начиная со взявшего взятку и дальше по кругу, пока снова не будет по четыре.",
        "Открытый козырь уходит последним, и все видят, кому он достался.",
        "Раунд продолжается, пока не сыграны все карты.",
    )),
    ("Итог раунда", (
        "Очки стороны — сумма очков карт во всех её взятках. Пока идёт раунд, вы видите только свои очки: из-за закрытых сбросов чужой счёт неизвестен.",
        "Больше всех очков — 0 штрафных (при равенстве лидеров ноль получает каждый из них).",
        f"Остальные получают: {_BANDS['zero']} штрафных при нуле очков (даже если брали пустые взятки), {_BANDS['below']} — если очки есть, но до выхода не дотянули, {_BANDS['pass']} — если выход набран.",
        "В конце раунда показываются очки и штрафы всех сторон, но не лица сброшенных карт.",
    )),
    ("Внеочередные заходы", (
        "Комбинации включаются переключателями в меню перед партией. Если выключить все, внеочередных заходов нет.",
        "По старшинству: золотая Москва (четыре туза), бура (четыре козыря), четыре конца (четыре карты из тузов и десяток), молодка (четыре карты одной некозырной масти), Москва (козырный туз и ещё два туза), малая Москва (три десятки).",
        "Проверка идёт после сдачи и после каждого добора, до первой карты новой взятки. Комбинацию заходит её владелец вместо обычного заходящего; при нескольких — старшая, а при одинаковых — ближайший по очереди к обычному заходящему.",
        "Комбинация выкладывается сама и объявляется вслух. Если подходящих карт больше, чем нужно, первым идёт козырь, остальные — по порядку мастей.",
        "Остальные отвечают тем же числом карт и могут её перебить: четыре козыря бьются только четырьмя старшими козырями. Сама комбинация ничего не выигрывает — она лишь даёт заход.",
    )),
    ("Партия", (
        f"Штрафные копятся от раунда к раунду. Как только после раунда у кого-то набралось {_FOUR.penalty_limit} или больше, партия заканчивается для всех.",
        "Побеждает сторона с наименьшим штрафом; при равенстве победа делится. Никто не выбывает по ходу.",
    )),
    ("За столом", (
        "Через три секунды после последнего ответа взятка уходит со стола сама, и начинается следующая.",
        "После итогов раунда следующий начинается кнопкой «Следующий раунд»; когда партия окончена, кнопка предлагает новую.",
        "Формат, сложность ботов и набор комбинаций выбираются в меню на целую партию, запоминаются браузером и меняются только с новой партией.",
        "Можно играть и вместе на одном устройстве: в меню «Игроки» любое место, кроме первого, отдаётся человеку вместо бота, у каждого своё имя. Перед ходом другого человека стол прячет все карты и просит передать ему устройство; карты откроются, когда он нажмёт «Я — …». Итоги раунда видны всем.",
    )),
    ("Кто что знает", (
        "Каждый знает свою руку, козырь и кому он достался, сколько карт в колоде, все открытые карты и кто их сыграл, сколько карт было в каждом закрытом сбросе и чей он, очки своей стороны и все штрафы.",
        "Чужие руки и лица сброшенных карт не знает никто — и боты тоже: им показывают ровно то же, что видел бы игрок на их месте.",
    )),
    ("Вдвоём: Буркозёл один на один", (
        f"Играют двое, у каждого по {_DUEL.hand_size} карты. Сдающий меняется каждую сдачу, и после ничьей тоже; первым ходит тот, кто не сдавал.",
        f"Заход — от одной до {_DUEL.hand_size} карт одной масти (комбинация может быть из разных мастей). Соперник отвечает столько же картами: либо бьёт каждую карту своей — и взятка его, либо скидывает любые карты, даже когда мог побить, — и взятку берёт заходивший. Побить только часть нельзя.",
        "Скинутые карты обычно лежат рубашкой вверх и не открываются никогда; в меню можно выбрать открытый сброс.",
        f"Добор: первым тянет заходивший, за ним отвечавший, по одной, пока у обоих снова не будет по {_DUEL.hand_size}. Поэтому открытый козырь достаётся тому, кто отвечал на взятку, после которой колода опустела.",
        "Комбинации заходят вне очереди так же, как за большим столом, и в том же порядке старшинства. Четыре туза или четыре десятки стол называет «4 конца», другие четвёрки из тузов и десяток — «4 лба». Обычно включены первые пять, малая Москва — по желанию.",
        f"Сдача идёт до последней карты. {HALF} на {HALF} — ничья, штрафов нет, следующая сдача. Иначе у кого больше очков — 0 штрафных; проигравший получает {_DUEL_BANDS['pass']} при {_DUEL.pass_mark}–{HALF - 1} очках, {_DUEL_BANDS['below']} при 1–{_DUEL.pass_mark - 1} и {_DUEL_BANDS['zero']}, если не набрал ни очка (даже со взятками из пустых карт).",
        f"Партия идёт, пока у кого-то не наберётся {_DUEL.penalty_limit} штрафных или больше; побеждает тот, у кого их меньше.",
    )),
    ("Бура «31»", (
        f"Играют двое, у каждого по {_BURA.hand_size} карты. Сдающий меняется каждую сдачу; первым ходит тот, кто не сдавал.",
        f"Заход — от одной до {_BURA.hand_size} карт одной масти. Ответ — столько же карт: побить все (взятка ваша) или сбросить любые (взятка заходившего).",
        "Сброс обычно открытый: сброшенные карты видят оба. В меню можно сбрасывать рубашкой вверх — тогда в своих очках вы видите очки открытых карт и отдельно число взятых закрытых.",
        f"Добор: сначала взявший взятку, потом другой, по одной, до {_BURA.hand_size} карт; взявший и заходит следующим.",
        f"Бура — {_BURA.hand_size} козыря на руке — сразу выигрывает сдачу, объявлять её не надо. Это проверяется после сдачи и после каждого добора. Если бура у обоих, тот, кто не на ходу, выигрывает, только когда его козыри бьют все козыри соперника; иначе выигрывает тот, кто на ходу.",
        "Москва (включается в меню): любые три туза сразу выигрывают сдачу и проверяются раньше буры. Молодка (тоже в меню): три карты одной некозырной масти — игрок не на ходу заходит ими вне очереди; если молодка у обоих, всё идёт обычным порядком.",
        f"{_CALL}: вместо своего захода — но не раньше, чем сыграна первая взятка сдачи, — можно нажать {_CALL}. Если в ваших взятках {points_word(_BURA.declaration)} или больше, сдача ваша; если меньше — это ложное {_CALL} и штраф вдвойне.",
        f"Если карты кончились, а {_CALL} никто не объявил, выигрывает тот, у кого больше очков; {HALF} на {HALF} — ничья.",
        f"Выигравший сдачу получает 0 штрафных, проигравший — {_BURA_BANDS['lost']}, за ложное {_CALL} — {_BURA_BANDS['false']}, ничья — 0 обоим. Партия — до {_BURA.penalty_limit} штрафных, побеждает тот, у кого их меньше.",
        "Очки соперника открываются только в конце сдачи; свои вы видите всегда.",
    )),
)

RULES_DIFFICULTY = (
    "Лёгкая — простые ходы, козыри бережёт.",
    "Средняя — взвешивает цену взятки и остающуюся руку, думает о выходе и о партнёре, помнит вышедшие тузы, десятки и козыри.",
    "Сложная — помнит все открытые карты и подробнее просчитывает, как может пойти игра.",
    "Честная игра: каждый бот видит только то, что видно с его места, — свою руку, открытые карты и козырь; чужих рук и колоды он не знает. Это проверяет автоматический тест. Раздача зависит только от её номера (сида): «Проверить раздачу» сдаёт те же карты заново.",
)

# --- play with a friend on another device (web/table/p2p/peer.py, web/table/p2p/view.py) ----------------------

P2P_BUTTON = "Играть с другом"
P2P_CREATE = "Создать стол"
P2P_JOIN = "Присоединиться"
P2P_CONNECT = "Подключиться"
P2P_CANCEL = "Отмена"
P2P_LEAVE = "Выйти из игры с другом"
P2P_INVITE = "Пригласить снова"
P2P_SCAN = "Сканировать QR-код"
P2P_TITLE = "Игра с другом"
P2P_INTRO = ("Два устройства в одной сети Wi‑Fi играют напрямую, без сервера и без интернета. "
             "Один создаёт стол — стол, боты и настройки берутся из меню, — другой присоединяется. "
             "Устройства обмениваются кодами: показать QR-код или переслать текст.")
P2P_SEATS_NOTE = "Друг займёт место, отмеченное в меню как «человек»; если такого нет — место напротив."
P2P_HOST_SHOW = "Покажите другу этот QR-код (или перешлите код). Он откроет игру и нажмёт «Подключиться»."
P2P_HOST_PASTE = "Друг покажет свой код ответа — вставьте его сюда:"
P2P_GUEST_PASTE = "Вставьте код стола, который показывает хозяин (или наведите камеру на его QR-код):"
P2P_GUEST_SHOW = "Покажите этот код хозяину стола — он вставит его у себя. Игра начнётся сама."
P2P_MAKING = "Готовим код…"
P2P_CONNECTING = "Соединяемся…"
P2P_CODE_LABEL = "Код"
P2P_QR_LABEL = "QR-код для подключения"
P2P_BAD_CODE = "Это не код стола: проверьте, что он вставлен целиком."
P2P_WRONG_OFFER = "Это код ответа, а здесь нужен код стола — его показывает хозяин."
P2P_WRONG_ANSWER = "Это код стола, а здесь нужен код ответа — его покажет друг, когда вставит ваш."
P2P_UNSUPPORTED = "Этот браузер не умеет соединяться с другим устройством напрямую."
P2P_FAILED = ("Не удалось соединиться напрямую. Оба устройства должны быть в одной сети Wi‑Fi "
              "(не через мобильный интернет). Гостевые сети в кафе, гостиницах и офисах часто не пускают "
              "устройства друг к другу — тогда соединиться не выйдет. Можно сыграть на одном устройстве, "
              "передавая его друг другу.")
P2P_RETRY = "Попробовать снова"
P2P_PASS_AND_PLAY = "Играть на одном устройстве"
P2P_PASS_AND_PLAY_HINT = "В меню отметьте места людей — устройство будет передаваться между ходами."
P2P_HOST_NAME = "Хозяин стола"
P2P_NOT_NOW = "Сейчас не ваш ход"
P2P_BOT_PLAYS_FOR_YOU = "Пока вас не было, за вас играет бот"
P2P_WAIT_HOST = "Следующий раунд начнёт хозяин стола"
P2P_HOST_LOST = "Связь с хозяином стола прервалась. Партия у него сохранилась: попросите новый код и присоединитесь снова."
P2P_LINK_UP = "на связи"
P2P_OTHER_VERSION = "На устройствах разные версии игры — обновите страницу на обоих и подключитесь снова."


def p2p_guest_away(name: str) -> str:
    return f"{name}: нет связи. Через минуту за него сыграет бот, пока он не вернётся."


def p2p_guest_bot(name: str) -> str:
    return f"{name}: нет связи — играет бот. Пригласите снова, и место вернётся к нему."


def p2p_waiting_for(name: str) -> str:
    return f"{name}: ждём подключения"


# --- the teaching table: hint, last trick, the deal's story, statistics, sharing ---------
# Kept together so that a second language is one more block of the same names.

def card_short(code: str) -> str:
    """«Д♠», «10♥»: a card in running text."""
    return f"{RANK_LABELS[code[0]]}{SUIT_SYMBOLS[code[1]]}"


def cards_short(codes: "list[str] | tuple") -> str:
    return " ".join(card_short(str(c)) for c in codes)


HINT = "Подсказка"
HINT_TITLE = "Что сыграл бы сложный бот на вашем месте"
HINT_THINKING = "Подсказка: сложный бот думает…"
HINT_MOVE_VERBS = {"lead": "зайти", "beat": "побить", "discard": "сбросить"}


def hint_move(kind: str, cards: "list[str] | tuple") -> str:
    """«зайти Д♠ 10♠», «сбросить (любые)», «объявить «31»»."""
    if kind == "declare":
        return "объявить «31»"
    return f"{HINT_MOVE_VERBS[kind]} {cards_short(cards) if cards else 'любые'}"


def _pct(share: float) -> str:
    return f"{round(share * 100)} %"


def _num(x: float) -> str:
    return f"{x:.1f}".replace(".", ",")


HINT_HEAD = "Сложный бот: {best}."
HINT_FORCED_DECLARE = "«31» верное: сдача ваша."
HINT_FORCED_ONLY = "Другого хода здесь нет."
HINT_OUTLOOK_DEAL = "штраф в среднем {penalty}, сдача ваша в {wins} раскладов"
HINT_OUTLOOK_PASS = "штраф в среднем {penalty}, выход {mark} — в {passes} раскладов"
HINT_WHY = "Бот сыграл каждый ход в одних и тех же раскладах чужих карт, какие возможны по тому, что вы видите"
HINT_WORLDS = " ({worlds} на ход)"
HINT_GAP = "; лучший ход в среднем на {gap} штрафа дешевле следующего"
HINT_CLOSE = "; штраф почти тот же, лучший ход выигрывает чаще или с большим запасом очков"


def hint_lines(hint) -> tuple[str, list[str], str]:
    """(the advice, one line per option, why) for a :class:`hint.Hint`, in Russian."""
    return hint_text(hint, sys.modules[__name__])


LAST_TRICK = "Последняя взятка"
LAST_TRICK_NONE = "Взяток в этой сдаче ещё не было."
LAST_TRICK_KEY = "Клавиша: L"
OWN_DISCARD = "ваши:"


def beaten(name: str, cards: "list[str] | tuple") -> str:
    """What a beat went over: «— поверх Д♠ Запада»."""
    return f"— поверх {cards_short(cards)} {'ваших' if name == 'Вы' else genitive(name)}"
TAKEN_PILE = "Ваши взятки: показать последнюю"


def trick_line(names: "list[str]", play: dict, lead: bool) -> str:
    """One play of a finished trick as the player saw it: faces only where they were open."""
    who = names[play["seat"]]
    kind = play["kind"]
    if kind == "discard" and not play["cards"]:
        return f"{who}: сброс, {cards_word(play['count'])} рубашкой вверх"
    verb = "заход" if lead else {"lead": "заход", "beat": "бьёт", "discard": "сброс"}[kind]
    return f"{who}: {verb} {cards_short(play['cards'])}"


def trick_taken(names: "list[str]", winner: int, points: int, hidden: int) -> str:
    taker = "Взятка ваша" if winner == 0 else f"Взятку берёт {names[winner]}"
    extra = f" + {cards_word(hidden)} рубашкой" if hidden else ""
    return f"{taker}: {points_word(points)}{extra}"


STORY = "Ход сдачи"
STORY_REVIEW = "Разобрать раздачу"
STORY_STEP = "Ход {n} из {total}"
STORY_PREV = "← Назад"
STORY_NEXT = "Вперёд →"
STORY_HAND = "Ваша рука"
STORY_TRICK = "Взятка {n}"

STATS = "Статистика"
STATS_RESET = "Сбросить статистику"
STATS_EMPTY = "Здесь пока пусто: сыграйте сдачу."
STATS_CHART = "Последние сдачи: очки вашей стороны (зелёные — без штрафа)"
STATS_ROWS = (
    ("matches", "Партий сыграно"), ("matches_won", "Партий выиграно"),
    ("deals", "Сдач сыграно"), ("deals_won", "Сдач без штрафа"),
    ("mean_points", "Очков в среднем за сдачу"), ("penalties", "Штрафных всего"),
    ("declared_true", "«31» верных"), ("declared_false", "«31» ложных"),
    ("hints", "Подсказок взято"), ("best_streak", "Лучшая серия сдач без штрафа"),
)
def number(x: "int | float") -> str:
    """A figure in a table: 12, 43,5."""
    return _num(x) if isinstance(x, float) else str(x)


NOTICE_STATS_BROKEN = "Сохранённая статистика не читается — начата заново."

SHARE = "Поделиться раздачей"
SHARE_NOTE = "Ссылка откроет тот же стол с теми же раздачами и теми же ботами; чужих карт в ней нет."
SHARE_COPY = "Скопируйте ссылку:"
SEED = "Сид"
SEED_LINE = "Сид партии {seed}, раздача {deal}: карты зависят только от них."
CHECK_DEAL = "Проверить раздачу"
SEED_LABEL = "Свой сид (необязательно)"
SEED_NOTE = "Число — и раздачи партии будут те же при каждом запуске."


def sharer_line(points: int, penalty: int) -> str:
    return f"Поделившийся этой раздачей набрал {points_word(points)}, штраф {penalty}."


# --- the table's frame, score, seats, trick, menu and rules dialog (web/table/view/render.py) -------------

FRAME_LABELS = {"felt": "Стол", "trick": "Взятка", "mine": "Ваше место", "hand": "Ваши карты"}
"""The aria-labels of the frame's parts (element id → label)."""
NO_MATCH_PROMPT = "Выберите настройки и начните партию"
SCORE_TITLE = "Очки вашей стороны в этом раунде"
PENALTIES_LABEL = "Штрафы"
PARTNER_TAG = "партнёр"
DEALER_TAG = "сдаёт"
DEALER_TITLE = "Сдаёт в этом раунде"
MY_DEALER_TAG = "сдаёте"
MY_DEALER_TITLE = "Вы сдаёте в этом раунде"
THINKING = "думает…"
TRUMP_WORD = "козырь"
STOCK_TITLE = "Карт в колоде"
KIND_LABELS = {"lead": "заход", "beat": "бьёт", "discard": "сброс"}
RESULT_COLUMNS = ("Сторона", "Очки", "Штраф", "Всего")
HIDE = "Скрыть"
MENU_TITLE = "Буркозёл"
MENU_SUBTITLE = "четыре листа"
CLOSE_MENU = "Закрыть меню"
TABLE_LEGEND = "Стол"
BOTS_LEGEND = "Боты"
COMBOS_TITLE = "Комбинации"
DISCARD_LEGEND = "Сброс"
SPEED_LEGEND = "Скорость ботов"
CLOSE_RULES = "Закрыть правила"
RULES_BOTS = "Боты"
PEN_COLUMN_TITLES = {"pairs": "Пары", "four": "Каждый за себя", "duel": "Вдвоём"}
PEN_CAPTION = "Штрафные за раунд"
PEN_HEAD = "Итог раунда"
PEN_ROWS = ("больше всех очков", "выход набран", "очки есть, выхода нет", "ни одного очка")


def score_target(declaration: int | None, pass_mark: int) -> str:
    return f"цель {declaration}" if declaration is not None else f"выход {pass_mark}"


def unseen_short(n: int) -> str:
    return f"+{n} закр."


def round_points_label(round_no: int) -> str:
    return f"Раунд {round_no} · очки"


def penalty_limit_label(limit: int) -> str:
    return f"до {limit}"


def in_hand(n: int) -> str:
    return f"{cards_word(n)} в руке"


def in_stock(n: int) -> str:
    return f"В колоде {cards_word(n)}"


def trump_badge(suit: str) -> str:
    return f"Козырь — {SUIT_NAMES[suit]}"


def trump_note(suit: str) -> str:
    return f"козырь {SUIT_NAMES[suit]}"


def round_over_title(round_no: int) -> str:
    return f"Раунд {round_no} окончен"


def pen_pass_cell(mark: int, penalty: int) -> str:
    return f"{mark} и больше → {penalty}"


def pen_bura_note(declaration: int, lost: int, false: int, limit: int) -> str:
    return (f"Бура «{declaration}»: выигрыш сдачи — 0, проигрыш — {lost}, ложное «{declaration}» — {false}, "
            f"ничья — 0. Везде партия — до {limit} штрафных.")


ANY_MOVE_REFUSED = "так нельзя"


# --- online play ---
ONLINE_INVITE = "Пригласить по ссылке"
ONLINE_INVITE_INTRO = ("Каждому другу — своя ссылка на его место. Он откроет её на любом устройстве, "
                       "где есть интернет, и сразу сядет за стол.")
ONLINE_COPY = "Копировать"
ONLINE_SHARE = "Поделиться"
ONLINE_COPIED = "Ссылка скопирована"
ONLINE_COPY_FAILED = "Не удалось скопировать — выделите ссылку и скопируйте её сами"
ONLINE_JOINED = "за столом"
ONLINE_NOT_YET = "ждём"
ONLINE_WITH_BOT = "играет бот"
ONLINE_FILL_BOT = "Посадить бота"
ONLINE_START = "Начать игру"
ONLINE_START_WAIT = "Начать можно, когда все места заняты (или за свободные сядут боты)"
ONLINE_DIRECT = "напрямую"
ONLINE_VIA_RELAY = "через ретранслятор"
ONLINE_JOINING = "Подключаемся к столу хозяина…"
ONLINE_TAKEN = "Это место уже занято на другом устройстве. Попросите у хозяина ссылку на свободное место."
ONLINE_BAD_LINK = "Ссылка повреждена или обрезана — попросите хозяина прислать её заново."
ONLINE_OLD_LINK = "Ссылка сделана другой версией игры — попросите хозяина прислать новую."
ONLINE_UNAVAILABLE = "Не удалось загрузить игру по ссылке — проверьте интернет и обновите страницу."
ONLINE_QR_LABEL = "QR-код ссылки на место"


def online_seat_line(name: str) -> str:
    return f"Место «{name}»"


def online_joining(fmt_name: str, seat: int) -> str:
    return f"Вас пригласили в «{fmt_name}», место {seat + 1}."


ONLINE_TIMER = "Время на ход:"
ONLINE_TIMER_OFF = "без ограничения"


def online_seconds(n: int) -> str:
    return f"{n} с"
