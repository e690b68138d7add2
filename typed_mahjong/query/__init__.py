"""The annotation names and the query layer between them and the core.

``annotations`` holds the names users write (``Points[Hand["..."], Ron["3p"]]``),
``functions`` their call forms (``points("...", win="3p")``), and ``answers`` turns either
into one call of the core and its answer: the mypy plugin, the code generator and the
run-time check all ask ``answers``, so a value means the same wherever it is read.
"""
