"""The web pages, one module per area: `events`, `players`, `rounds`, `cards` and
`sheets` are the host's pages (thin function views: a form, a call into the
domain, a render; with htmx the changing region is swapped in place, the view
rendering ``"page.html#partial"`` when ``request.htmx``); `table` is the
players' pages, opened from a table card's QR code or code without signing in.
`common` finds the signed-in host's event and round.
"""
