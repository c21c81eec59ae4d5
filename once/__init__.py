"""Create forms answered once: a double tap on "Create" makes one object.

A create form carries a one-time token in a hidden field (``{% once_field %}``).
The view, wrapped in ``@answered_once``, claims the token in the same transaction
that makes the object; the database's unique token makes a second request with the
same token wait for the first and then get the first one's answer (its redirect and
its message), never a second object or a 500. Below both ``tourney`` and ``scoring``,
so both use it; it imports neither.
"""
