"""The words the table shows: Russian (``ru``), English (``en``), what both share."""
