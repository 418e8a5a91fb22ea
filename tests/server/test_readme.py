"""The README's words on the HTTP API hold: the seat-token header it names is the one the
API reads and the one its 403 names (issue 34: the README never named it)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from fastapi.testclient import TestClient

README = Path(__file__).parents[2] / "README.md"


def test_the_readmes_seat_token_header_plays_and_its_absence_is_the_403_that_names_it(
    real_client: TestClient,
) -> None:
    text = README.read_text(encoding="utf-8")
    [curl] = re.findall(r"^curl .*(?:\n +.*)*", text, flags=re.M)
    words = shlex.split(curl.replace("\\\n", " "))
    headers = dict(h.split(": ", 1) for h in (words[i + 1] for i, w in enumerate(words) if w == "-H"))
    [header] = [h for h in headers if h.lower() != "content-type"]
    assert header == "X-Seat-Token" and f"**`{header}`** header" in text
    body = words[words.index("-d") + 1]
    created = real_client.post(
        "/api/tables", json={"game": "ofertu", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1}
    ).json()
    url = f"/api/tables/{created['id']}/actions"
    seat = real_client.get(f"/api/tables/{created['id']}").json()["view"]["to_move"]
    [invite] = [i["token"] for i in created["invites"] if i["seat"] == seat]
    token = real_client.post(f"/api/tables/{created['id']}/join", headers={header: invite}).json()["token"]
    action = real_client.get(f"/api/tables/{created['id']}", headers={header: token}).json()["view"]["legal"][
        0
    ]
    body = body.replace('"pass"', f'"{action}"')
    refused = real_client.post(url, content=body, headers={"Content-Type": "application/json"})
    assert refused.status_code == 403 and header in refused.json()["detail"]
    assert refused.json()["detail"] in " ".join(text.split())
    played = real_client.post(url, content=body, headers={header: token, "Content-Type": "application/json"})
    assert played.status_code == 200, played.text
