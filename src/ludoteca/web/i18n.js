// Spanish and English for the page chrome; the choice is remembered in localStorage.
const KEY = "ludoteca.lang";

const TEXT = {
  en: {
    tagline: "Five modern tabletop games, played exactly.",
    games: "Games", players: "Players", rules: "Rules", newTable: "New table", create: "Create table",
    options: "Options", seats: "Seats", seat: "Seat", human: "Human", bot: "Bot", level: "Level",
    easy: "easy", normal: "normal", hard: "hard", player: "Player", you: "you",
    hotseat: "Hot-seat: this browser plays every human seat",
    recent: "Recent tables", watch: "Watch", replay: "Replay", finished: "finished", playing: "playing",
    actions: "actions", home: "Home", yourTurn: "Your turn", waiting: "Waiting for", gameOver: "Game over",
    spectating: "You are watching", log: "Moves", legal: "Your moves", typeAction: "Type an action…",
    play: "Play", filter: "Filter…", invite: "Invite links", copy: "Copy", copied: "Copied",
    joinAs: "Join link for player", spectatorLink: "Spectator link", hotseatLink: "Hot-seat link (all human seats)",
    score: "Score", place: "Place", winners: "Winners", tiebreak: "Decided by", breakdown: "Score breakdown",
    first: "First", previous: "Back", next: "Next", last: "Last", step: "Step", back: "Back to the table",
    passTo: "Pass the device to", show: "Show my seat", summary: "Summary", none: "No tables yet.",
    orientation: "Orientation", piece: "Piece", card: "Shape card", deck: "cards left", yourCity: "Your city",
    city: "City", submitted: "placed, waiting", openSquares: "open squares", clickAnchor:
      "Choose an orientation, then click a highlighted square: the piece's top-left-most square goes there.",
    waitingOther: "Your placement is in; waiting for the other city.", pending: "your secret placement",
    noRenderer: "", error: "Error", reconnecting: "Connection lost; reconnecting…", start: "Starter",
    createdTitle: "Table created", openTable: "Open the table", bots: "Bot", game: "Game", toMove: "to move",
    undo: "Undo my last move", refused: "Not played:", networkError: "The server cannot be reached; check your connection and try again.",
    inNotation: "Show notation", inWords: "Show in words", whyEnded: "Why it ended:", lastMoveWas: "the last move was",
    youWon: "You won!", youLost: "You lost", youDrew: "You share the win", placeOf: "place {place} of {count}",
    wins: "wins", drawBetween: "A shared win:",
    yourName: "Your name", nameRule: "1 to 24 letters, digits, spaces and . ' - _", joinTable: "Take my seat",
    online: "online", away: "away", resign: "Resign", resignConfirm: "Resign? The game ends now for everyone and you are placed last.",
    resignYes: "Yes, resign", resignNo: "No, keep playing", resignedWho: "resigned.",
    publicTable: "Public: list the table among the open tables, so anyone can take a free seat",
    lobby: "Open tables waiting for players", lobbyNone: "No open table is waiting for players.",
    freeSeat: "free seat", joinSeat: "Take seat",
  },
  es: {
    tagline: "Cinco juegos de mesa modernos, jugados con exactitud.",
    games: "Juegos", players: "Jugadores", rules: "Reglas", newTable: "Nueva mesa", create: "Crear mesa",
    options: "Opciones", seats: "Asientos", seat: "Asiento", human: "Persona", bot: "Bot", level: "Nivel",
    easy: "fácil", normal: "normal", hard: "difícil", player: "Jugador", you: "tú",
    hotseat: "Modo compartido: este navegador juega todos los asientos humanos",
    recent: "Mesas recientes", watch: "Mirar", replay: "Repetición", finished: "terminada", playing: "en juego",
    actions: "acciones", home: "Inicio", yourTurn: "Tu turno", waiting: "Esperando a", gameOver: "Fin de la partida",
    spectating: "Estás mirando", log: "Jugadas", legal: "Tus jugadas", typeAction: "Escribe una acción…",
    play: "Jugar", filter: "Filtrar…", invite: "Enlaces de invitación", copy: "Copiar", copied: "Copiado",
    joinAs: "Enlace para el jugador", spectatorLink: "Enlace de espectador",
    hotseatLink: "Enlace compartido (todos los asientos humanos)",
    score: "Puntos", place: "Puesto", winners: "Ganadores", tiebreak: "Decidido por", breakdown: "Desglose de puntos",
    first: "Inicio", previous: "Atrás", next: "Siguiente", last: "Final", step: "Paso", back: "Volver a la mesa",
    passTo: "Pasa el dispositivo a", show: "Mostrar mi asiento", summary: "Resumen", none: "Aún no hay mesas.",
    orientation: "Orientación", piece: "Pieza", card: "Carta de forma", deck: "cartas restantes",
    yourCity: "Tu ciudad", city: "Ciudad", submitted: "colocada, esperando", openSquares: "casillas libres",
    clickAnchor: "Elige una orientación y pulsa una casilla resaltada: ahí irá la casilla superior izquierda de la pieza.",
    waitingOther: "Tu colocación está hecha; esperando a la otra ciudad.", pending: "tu colocación secreta",
    noRenderer: "", error: "Error", reconnecting: "Conexión perdida; reconectando…", start: "Ficha de inicio",
    createdTitle: "Mesa creada", openTable: "Abrir la mesa", bots: "Bot", game: "Juego", toMove: "le toca",
    undo: "Deshacer mi última jugada", refused: "No se ha jugado:", networkError: "No se puede contactar con el servidor; revisa la conexión y vuelve a probar.",
    inNotation: "Ver notación", inWords: "Ver en palabras", whyEnded: "Por qué terminó:", lastMoveWas: "la última jugada fue de",
    youWon: "¡Has ganado!", youLost: "Has perdido", youDrew: "Compartes la victoria", placeOf: "puesto {place} de {count}",
    wins: "gana", drawBetween: "Victoria compartida:",
    yourName: "Tu nombre", nameRule: "De 1 a 24 letras, cifras, espacios y . ' - _", joinTable: "Ocupar mi asiento",
    online: "conectado", away: "ausente", resign: "Abandonar", resignConfirm: "¿Abandonar? La partida termina ahora para todos y quedas en último lugar.",
    resignYes: "Sí, abandonar", resignNo: "No, seguir jugando", resignedWho: "abandonó.",
    publicTable: "Pública: mostrar la mesa entre las mesas abiertas, para que cualquiera ocupe un asiento libre",
    lobby: "Mesas abiertas que esperan jugadores", lobbyNone: "Ninguna mesa abierta espera jugadores.",
    freeSeat: "asiento libre", joinSeat: "Ocupar el asiento",
  },
};

export function getLang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "es") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
}

export function setLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function t(key) {
  const table = TEXT[getLang()];
  return table[key] ?? TEXT.en[key] ?? key;
}

/** Fill every [data-i18n] element of the page and wire the language switcher (#lang). */
export function translatePage(onChange) {
  document.documentElement.lang = getLang();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  const select = document.getElementById("lang");
  if (select && !select.dataset.wired) {
    select.dataset.wired = "1";
    select.value = getLang();
    select.addEventListener("change", () => {
      setLang(select.value);
      translatePage(onChange);
      onChange?.();
    });
  }
}
