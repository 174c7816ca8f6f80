"""Every text the terminal player reads, one table per language.

Keeping the strings here (and only here) means a missing translation is a missing key, which the
tests catch, instead of an English sentence hiding in the middle of a Spanish game.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "player": "Player {seat}",
    "you": "you",
    "human": "human",
    "bot": "{name} bot",
    "scores": "Scores",
    "score": "score",
    "rank": "place",
    "seat": "seat",
    "who": "who",
    "last_moves": "Last moves",
    "no_moves": "no moves yet",
    "to_move": "To move: {seats}",
    "your_turn": "{player} ({who}) — your turn",
    "step": "step {step} of your turn: keep going",
    "actions": "Legal actions ({count})",
    "more_actions": "… and {more} more: type list to see them all, or list TEXT to filter",
    "no_match": "no legal action contains {text!r}",
    "prompt": "{player}, your move (number, action or help): ",
    "help": (
        "Type an action in the game's notation (for example [bold]{example}[/]), or its number "
        "from the list.\n"
        "Commands:\n"
        "  [bold]list[/] \\[TEXT]  all legal actions (those containing TEXT)\n"
        "  [bold]rules[/]        the rules in brief\n"
        "  [bold]show NAME[/]    what a card, building, tile, shop or shape is and does\n"
        "  [bold]preview N[/]    action number N drawn on the table before you play it\n"
        "  [bold]board[/]        the whole table, when it is cut to fit the screen\n"
        "  [bold]undo[/]         take back your last decision and the bots' moves after it (not "
        "after another person's move, a draw or a reveal)\n"
        "  [bold]save FILE[/]    save a replayable record of the game (JSON)\n"
        "  [bold]quit[/]         leave the game\n"
        "  [bold]help[/]         this help"
    ),
    "bad_number": "there is no action number {number}; choose 1 to {count}",
    "unknown_command": "{word!r} is neither an action nor a command; type help to see the commands",
    "error": "error: {message}",
    "bad_notation": "that is not an action (the game says: {message})",
    "illegal": "that move is not allowed now (the game says: {message})",
    "save_usage": "write save FILE, for example save game.json",
    "saved": "saved {count} actions to {path}; replay it with: ludoteca replay {path}, "
             "or play on with: ludoteca play --resume {path}",
    "save_failed": "cannot save to {path}: {message}",
    "undo_nothing": "there is nothing to undo",
    "undo_refused": "cannot undo: {why}",
    "undo_saved": "cannot undo: the moves made before the game was saved stay",
    "undone": "undone: {action}",
    "actions_short": "Actions ({count}): ",
    "more_short": "… {more} more: list",
    "board_cut": "… {more} more lines: type board to see the whole table",
    "preview_usage": "preview N shows action number N on the table before you play it",
    "preview_reveals": "{action} would draw or reveal something: it cannot be previewed",
    "preview_title": "Preview of {action} (changes highlighted): type {number} to play it, Enter to go back",
    "preview_hidden": "{players}: choice hidden this round — the dimmed lines stay as they read now, "
                      "since what follows that choice cannot be shown",
    "another_seat": "another seat",
    "open_squares": "{count} open",
    "overhang": "{count} over",
    "page": "— page {page} of {pages}: Enter for more, or type a command or a move —",
    "page_end": "— Enter to go back to the table, or type a command or a move —",
    "pass_title": "Pass the keyboard",
    "pass_body": "Give the keyboard to [bold]{player}[/] and press Enter.",
    "pass_undo": "{player}: type undo (and Enter) to take back your move instead.",
    "game_over": "Game over",
    "winner": "Winner: {players}",
    "winners": "Draw between {players}",
    "tiebreak": "decided by: {rule}",
    "end_prompt": "Press Enter to leave, or type save FILE: ",
    "bye": "Goodbye!",
    "bad_player": "unknown player {name!r}; use human or a bot: {bots}",
    "player_count": "{game} is played by {counts} players, not {count}",
    "no_players": "say who plays, e.g. --players human,random",
    "bad_level": "the bot level must be one of {levels}, not {level!r}",
    "bad_record": "this is not a saved game: it has no {field!r}",
    "bad_record_humans": "this saved game's humans must be a list of seats from 0 to {count}",
    "resume_players": "the saved game has {count} players; --players names {given}",
    "thinking": "{player} ({who}) is thinking…",
    "show_usage": "show NAME, one of: {names}",
    "show_unknown": "nothing here is called {name!r}; show NAME, one of: {names}",
    "show_none": "this game has no components to show",
    "replay_unfinished": "the game was not finished: {count} actions; to move: {seats}",
    "bot_moved": "{action} ({who})",
    "offer_save": "Save the game before leaving? Type a file name, or press Enter to leave: ",
}

ES: dict[str, str] = {
    "player": "Jugador {seat}",
    "you": "tú",
    "human": "humano",
    "bot": "bot {name}",
    "scores": "Puntuación",
    "score": "puntos",
    "rank": "puesto",
    "seat": "asiento",
    "who": "quién",
    "last_moves": "Últimas jugadas",
    "no_moves": "aún no hay jugadas",
    "to_move": "Turno de: {seats}",
    "your_turn": "{player} ({who}) — es tu turno",
    "step": "paso {step} de tu turno: sigue jugando",
    "actions": "Acciones legales ({count})",
    "more_actions": "… y {more} más: escribe lista para verlas todas, o lista TEXTO para filtrar",
    "no_match": "ninguna acción legal contiene {text!r}",
    "prompt": "{player}, tu jugada (número, acción o ayuda): ",
    "help": (
        "Escribe una acción en la notación del juego (por ejemplo [bold]{example}[/]) o su número "
        "en la lista.\n"
        "Órdenes:\n"
        "  [bold]lista[/] \\[TEXTO]   todas las acciones legales (las que contienen TEXTO)\n"
        "  [bold]reglas[/]          las reglas en resumen\n"
        "  [bold]mostrar NOMBRE[/]  qué es y qué hace una carta, edificio, ficha, tienda o forma\n"
        "  [bold]vista N[/]         la acción número N dibujada en la mesa antes de jugarla\n"
        "  [bold]tablero[/]         la mesa entera, si está recortada para caber\n"
        "  [bold]deshacer[/]        retira tu última decisión y las jugadas de los bots tras ella "
        "(no tras la jugada de otra persona, un sorteo o una revelación)\n"
        "  [bold]guardar ARCHIVO[/] guarda un registro reproducible de la partida (JSON)\n"
        "  [bold]salir[/]           abandona la partida\n"
        "  [bold]ayuda[/]           esta ayuda"
    ),
    "bad_number": "no hay acción número {number}; elige de 1 a {count}",
    "unknown_command": "{word!r} no es una acción ni una orden; escribe ayuda para ver las órdenes",
    "error": "error: {message}",
    "bad_notation": "eso no es una acción (el juego dice: {message})",
    "illegal": "esa jugada no está permitida ahora (el juego dice: {message})",
    "save_usage": "escribe guardar ARCHIVO, por ejemplo guardar partida.json",
    "saved": "guardadas {count} acciones en {path}; reprodúcela con: ludoteca replay {path}, "
             "o sigue jugando con: ludoteca play --resume {path}",
    "save_failed": "no se puede guardar en {path}: {message}",
    "undo_nothing": "no hay nada que deshacer",
    "undo_refused": "no se puede deshacer: {why}",
    "undo_saved": "no se puede deshacer: las jugadas de antes de guardar la partida se quedan",
    "undone": "deshecho: {action}",
    "actions_short": "Acciones ({count}): ",
    "more_short": "… {more} más: lista",
    "board_cut": "… {more} líneas más: escribe tablero para ver la mesa entera",
    "preview_usage": "vista N muestra la acción número N en la mesa antes de jugarla",
    "preview_reveals": "{action} sacaría o revelaría algo: no se puede mostrar antes",
    "preview_title": "Vista de {action} (cambios resaltados): escribe {number} para jugarla, Intro para "
                     "volver",
    "preview_hidden": "{players}: elección oculta en esta ronda — las líneas atenuadas quedan como "
                      "están, pues lo que sigue a esa elección no se puede mostrar",
    "another_seat": "otro asiento",
    "open_squares": "{count} libres",
    "overhang": "{count} fuera",
    "page": "— página {page} de {pages}: Intro para seguir, o escribe una orden o una jugada —",
    "page_end": "— Intro para volver a la mesa, o escribe una orden o una jugada —",
    "pass_title": "Pasa el teclado",
    "pass_body": "Dale el teclado a [bold]{player}[/] y pulsa Intro.",
    "pass_undo": "{player}: escribe deshacer (e Intro) si prefieres retirar tu jugada.",
    "game_over": "Fin de la partida",
    "winner": "Gana: {players}",
    "winners": "Empate entre {players}",
    "tiebreak": "lo decidió: {rule}",
    "end_prompt": "Pulsa Intro para salir, o escribe guardar ARCHIVO: ",
    "bye": "¡Hasta pronto!",
    "bad_player": "jugador desconocido {name!r}; usa human o un bot: {bots}",
    "player_count": "a {game} juegan {counts} jugadores, no {count}",
    "no_players": "di quién juega, p. ej. --players human,random",
    "bad_level": "el nivel de los bots debe ser uno de {levels}, no {level!r}",
    "bad_record": "esto no es una partida guardada: le falta {field!r}",
    "bad_record_humans": "los humanos de esta partida guardada deben ser una lista de asientos de 0 "
                         "a {count}",
    "resume_players": "la partida guardada tiene {count} jugadores; --players nombra {given}",
    "thinking": "{player} ({who}) está pensando…",
    "show_usage": "mostrar NOMBRE, uno de: {names}",
    "show_unknown": "nada se llama {name!r}; mostrar NOMBRE, uno de: {names}",
    "show_none": "este juego no tiene componentes que mostrar",
    "replay_unfinished": "la partida no terminó: {count} acciones; le toca a: {seats}",
    "bot_moved": "{action} ({who})",
    "offer_save": "¿Guardar la partida antes de salir? Escribe un nombre de archivo, o pulsa Intro "
                  "para salir: ",
}

TEXT: dict[str, dict[str, str]] = {"en": EN, "es": ES}

# The commands a player may type, in both languages whatever the chosen one: a Spanish speaker
# playing an English game can still type "ayuda".
COMMANDS: dict[str, str] = {
    "help": "help",
    "ayuda": "help",
    "?": "help",
    "rules": "rules",
    "reglas": "rules",
    "list": "list",
    "lista": "list",
    "show": "show",
    "mostrar": "show",
    "undo": "undo",
    "deshacer": "undo",
    "save": "save",
    "guardar": "save",
    "preview": "preview",
    "vista": "preview",
    "board": "board",
    "tablero": "board",
    "quit": "quit",
    "exit": "quit",
    "salir": "quit",
}


def say(lang: str, key: str, **values: object) -> str:
    """The text `key` in `lang` (English if the language is unknown), filled with `values`."""
    return TEXT.get(lang, EN)[key].format(**values)
