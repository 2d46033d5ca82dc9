"""The controller: the page's events in, one batch of effects out (markup, dialogs,
storage writes, timers, link operations), with the browser's side described, not touched."""
