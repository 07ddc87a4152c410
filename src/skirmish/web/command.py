"""``skirmish serve``: the web app on a host and port, its games kept in a store.

The ``skirmish`` command loads this module only to run it (it is declared in the entry-point
group ``skirmish.command``): the web stack takes seconds to import, which no other command
should pay for.
"""

from __future__ import annotations

from typing import Annotated

import typer
import uvicorn

from skirmish.store import DEFAULT_URL
from skirmish.web.app import create_app

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (loopback by default)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[str, typer.Option(help="SQLAlchemy URL of the game store")] = DEFAULT_URL,
) -> None:
    """Play, watch and replay games in a browser (and drive them over the JSON API)."""
    web = create_app(db)
    typer.echo(f"skirmish on http://{host}:{port}/ (games in {db}); Ctrl-C stops it")
    uvicorn.run(web, host=host, port=port, log_level="warning")
