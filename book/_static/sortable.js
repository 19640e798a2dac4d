// Tables of bets marked "sortable": a button in each heading sorts the rows by that column.
// Exact fractions ("7/495"), percents ("1.414%") and odds ("35 to 1") sort by their value.
(() => {
  const value = text => {
    const t = text.trim();
    let m = t.match(/^(-?\d+)\s*\/\s*(\d+)/);
    if (m) return Number(m[1]) / Number(m[2]);
    m = t.match(/^(-?\d+(?:\.\d+)?)\s*to\s*(\d+)/);
    if (m) return Number(m[1]) / Number(m[2]);
    m = t.match(/^-?\d+(?:\.\d+)?/);
    return m ? Number(m[0]) : t.toLowerCase();
  };
  const compare = (a, b) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === "number" ? -1 : 1);
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("table.sortable").forEach(table => {
      table.querySelectorAll("thead th").forEach((th, column) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "sort-button";
        button.textContent = th.textContent;
        button.setAttribute("aria-label", `Sort by ${th.textContent}`);
        th.textContent = "";
        th.appendChild(button);
        button.addEventListener("click", () => {
          const ascending = th.getAttribute("aria-sort") !== "ascending";
          table.querySelectorAll("thead th").forEach(h => h.removeAttribute("aria-sort"));
          th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          const body = table.tBodies[0];
          const rows = [...body.rows].sort((r, s) => compare(value(r.cells[column].textContent), value(s.cells[column].textContent)));
          if (!ascending) rows.reverse();
          rows.forEach(row => body.appendChild(row));
        });
      });
    });
  });
})();
