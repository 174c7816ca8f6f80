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
        "  [bold]undo[/]         take back your own last action (not after another player's move "
        "or anything revealed)\n"
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
    "undo_not_yours": "you can only undo your own last action; the last one was {player}'s",
    "undo_revealed": "that action cannot be undone: it revealed something new",
    "undone": "undone: {action}",
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
    "resume_players": "the saved game has {count} players; --players names {given}",
    "thinking": "{player} ({who}) is thinking…",
    "show_usage": "show NAME, one of: {names}",
    "show_unknown": "nothing here is called {name!r}; show NAME, one of: {names}",
    "show_none": "this game has no components to show",
    "replay_unfinished": "the game was not finished: {count} actions; to move: {seats}",
    "bot_moved": "{player} ({who}): {action}",
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
        "  [bold]deshacer[/]        retira tu última acción (no tras la jugada de otro ni si "
        "reveló algo)\n"
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
    "undo_not_yours": "solo puedes deshacer tu propia última acción; la última fue de {player}",
    "undo_revealed": "esa acción no se puede deshacer: reveló algo nuevo",
    "undone": "deshecho: {action}",
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
    "resume_players": "la partida guardada tiene {count} jugadores; --players nombra {given}",
    "thinking": "{player} ({who}) está pensando…",
    "show_usage": "mostrar NOMBRE, uno de: {names}",
    "show_unknown": "nada se llama {name!r}; mostrar NOMBRE, uno de: {names}",
    "show_none": "este juego no tiene componentes que mostrar",
    "replay_unfinished": "la partida no terminó: {count} acciones; le toca a: {seats}",
    "bot_moved": "{player} ({who}): {action}",
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
    "quit": "quit",
    "exit": "quit",
    "salir": "quit",
}


def say(lang: str, key: str, **values: object) -> str:
    """The text `key` in `lang` (English if the language is unknown), filled with `values`."""
    return TEXT.get(lang, EN)[key].format(**values)
