"""The riichi scoring core: tiles -> hand -> readings -> yaku -> fu -> points, and shanten.

Pure functions over frozen values, no global state. Every rule and every notation is decided
here, once; the query layer, the plugin, the code generator, the command line and the log
readers call in and never re-derive a rule. Nothing here imports those outer layers.
"""
