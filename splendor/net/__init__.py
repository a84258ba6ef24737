"""Network play (in progress): the game's data on the wire (`wire`) and the messages of
the client/server protocol (`protocol`). No pygame and no sockets here."""
