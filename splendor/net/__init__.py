"""Network play, without pygame: the game on the wire (`wire`, `protocol`, `schema`), the
server that runs every table and saves each move before anyone sees it (`server`,
`game_table`, `autosave`), the client and the window's session over it (`client`,
`session`), and finding tables on the LAN (`announce`, `discovery`). See docs/online.md."""
