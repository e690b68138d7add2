"""The annotation names and the query layer between them and the core.

``annotations`` holds the names users write (``Points[Hand["..."], Ron["3p"]]``),
``functions`` their call forms (``points("...", win="3p")``). ``names`` is the vocabulary
(the result and input names and their tables), ``building`` reads an annotation or a call
form into one ``Call`` of the core, and ``answering`` answers it: the mypy plugin, the code
generator and the run-time check all ask ``answering``, so a value means the same wherever
it is read.
"""
