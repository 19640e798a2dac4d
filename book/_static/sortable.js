// Tables of bets marked "sortable": a button in each heading sorts the rows by that column.
// A cell's data-value (an exact fraction's value, set by casino_math.display) sorts it; otherwise fractions
// ("7/495"), percents ("1.414%") and odds ("35 to 1") sort by their value, words alphabetically.
// Tables marked "filterable" get a search box above them that keeps only the rows containing its words.
(() => {
  const parse = text => {
    const t = text.trim();
    let m = t.match(/^(-?\d+)\s*\/\s*(\d+)/);
    if (m) return Number(m[1]) / Number(m[2]);
    m = t.match(/^(-?\d+(?:\.\d+)?)\s*to\s*(\d+)/);
    if (m) return Number(m[1]) / Number(m[2]);
    m = t.match(/^-?\d+(?:\.\d+)?/);
    return m ? Number(m[0]) : t.toLowerCase();
  };
  const value = cell => (cell.dataset.value !== undefined ? Number(cell.dataset.value) : parse(cell.textContent));
  const compare = (a, b) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === "number" ? -1 : 1);

  const makeSortable = table => {
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
        const rows = [...body.rows].sort((r, s) => compare(value(r.cells[column]), value(s.cells[column])));
        if (!ascending) rows.reverse();
        rows.forEach(row => body.appendChild(row));
      });
    });
  };

  const makeFilterable = (table, index) => {
    const label = document.createElement("label");
    label.className = "table-filter";
    const input = document.createElement("input");
    input.type = "search";
    input.id = `table-filter-${index}`;
    input.placeholder = "e.g. field, Québec, 2 to 1";
    const caption = table.caption ? table.caption.textContent : "the table";
    label.append("Filter the rows: ", input);
    input.setAttribute("aria-label", `Filter the rows of ${caption}`);
    const count = document.createElement("span");
    count.className = "table-filter-count";
    count.setAttribute("aria-live", "polite");
    label.appendChild(count);
    const frame = table.closest(".table-frame") || table;
    frame.parentNode.insertBefore(label, frame);
    input.addEventListener("input", () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      [...table.tBodies[0].rows].forEach(row => {
        const text = row.textContent.toLowerCase().replace(/\u00a0/g, " ");
        row.hidden = !words.every(w => text.includes(w));
        shown += row.hidden ? 0 : 1;
      });
      count.textContent = words.length ? ` ${shown} of ${table.tBodies[0].rows.length} rows` : "";
    });
  };

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("table.sortable").forEach(makeSortable);
    document.querySelectorAll("table.filterable").forEach(makeFilterable);
  });
})();
