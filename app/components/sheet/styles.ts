// The sheet's stylesheet (its HTML table, cells and bars), linked by both sheet pages: 2411 Stock and the breeder page.
export { default as sheetStyles } from "#app/styles/stock.css?url";
