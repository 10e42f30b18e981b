// The page's state: the puzzle open, the reader's position and colours, Undo and Redo, the
// selection, the modes and the solver's answer. One object, every field declared here with what
// it holds; the modules read it and change it through their own functions (edit.js for the
// position, select.js for the selection, solver.js for the solve), and view.js draws it.
import { loadSettings, loadStrategiesOff } from "./settings.js";

export const state = {
  // the puzzle open (show() in app.js)
  text: "",           // the decoder's query for it ("bd=…", perhaps with jigmap/shape)
  view: null,         // pycore's view of it: kind, size, givens, cages (with labels), regions, progress
  board: null,        // render.js's board for it: grid, cells, update, showStep, …
  label: "",          // the status text for a ready puzzle ("Killer Sudoku 9×9")
  details: "",        // the status's tooltip for a ready puzzle ("Read from a L9B string.")
  gameKey: null,      // the puzzle's string without progress: where its game is saved (saved.js)
  // the reader's position
  progress: [],       // per cell: "g5" given, "s5" placed, "c125" pencil marks, "." nothing
  opened: [],         // the position the link opened with (Reset goes back to it)
  colours: [],        // the reader's cell colours (colours.js): per cell "" or its colours, "1"-"9"
  undo: [],           // {progress, colours} before each change, newest last (at most HISTORY_CAP)
  redo: [],           // {progress, colours} undone, the last undone last
  // the selection and the modes
  selected: -1,       // the selected cell (-1: none)
  also: new Set(),    // cells selected with the selected one (Ctrl/Shift+click, a mouse drag, Shift+arrows)
  highlight: "",      // a digit pressed with no cell selected: shown everywhere, until pressed again
  pencil: false,      // Pencil mode: digits toggle pencil marks
  colouring: false,   // Colour mode: the pad and the digit keys colour the selected cells
  brush: "",          // Digit first in Colour mode: the colour ("1"-"9") the taps that follow put on
  auto: false,        // show the candidates the rules allow instead of the pencil marks
  paused: false,      // the reader paused the clock: the board is covered and takes no input
  settings: loadSettings(),   // the reader's choices (settings.js): clock, conflicts, tidy marks, digit first
  strategiesOff: loadStrategiesOff(),   // the strategies the reader switched off (settings.js): slugs
  // what Python said of the position
  play: null,         // pycore play_view of the current position: conflicts, auto candidates, solved
  problems: null,     // what Check found: Map cell index -> problem, until the next change
  // the solver
  solution: null,     // the last finished solve of this puzzle: {text, status, solution, reason, …}
  solving: null,      // the solve in progress (solver.js's job)
  hintsGaveUp: "",    // the puzzle (text) whose solve the hints stopped waiting for (solvedFirst)
  fillingSolution: false,   // the solver's digits going in: not the reader's win, no celebration
};
