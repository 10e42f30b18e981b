// The page's fixed parts (index.html's elements the modules fill in), whether it is embedded in
// another site's frame, and its address for a puzzle's query (pycore's open_view reads the address).

const $ = (selector) => document.querySelector(selector);
export const statusEl = $("[data-testid=status]");
export const statusHelpEl = $("#status-help");
export const statusRowEl = $("#status-row");
export const boardEl = $("#board");
export const toolbarEl = $("#toolbar");
export const padEl = $("#pad");
export const shareEl = $("#share");
export const resumeEl = $("#resume");
export const rewindEl = $("#rewind");
export const cageHelpEl = $("#cage-help");
export const cageNewsEl = $("#cage-news");
export const introEl = $("#intro");
export const gamesEl = $("#games");
export const formEl = $("#open-form");
export const inputEl = $("#puzzle-input");

/** `&embed=1`: the page in another site's frame (embed.js): the grid, a compact toolbar and the pad. */
export const embed = /[?&]embed=1(&|$)/.test(location.search);
document.body.classList.toggle("embed", embed);

// Test-only: `&slice=N` caps a solve slice at N search nodes (slow, long solves for the cancel
// test); `&pause=S` pauses a long solve after S seconds instead of a minute.
export const SLICE_CAP = Number(new URLSearchParams(location.search).get("slice")) || Infinity;
export const SOLVE_PAUSE_S = Number(new URLSearchParams(location.search).get("pause")) || 60;

/** The page's own address for `query`, keeping its own parameters (embed, slice). */
export function pageUrl(query) {
  return "?" + query + (embed ? "&embed=1" : "") + (SLICE_CAP < Infinity ? `&slice=${SLICE_CAP}` : "");
}
