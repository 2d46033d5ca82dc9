"""The words the table shows: one catalogue per language (``catalogues/<code>.json``), the sentences made of them once (``texts``)."""
