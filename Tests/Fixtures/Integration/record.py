#!/usr/bin/env python3
"""Records the integration tests' responses from the local test server (Tools/TestServer).

Usage: .venv/bin/python Tools/TestServer/server.py --port 0   # prints PORT
       python3 Tests/Fixtures/Integration/record.py PORT

Each response is written as RecordedTransport names it: <OperationName>.<variablesKey>.json,
variablesKey = the first 16 hex digits of the SHA-256 of the variables' compact JSON with
sorted keys. The documents are the tests' operations (Tests/BatonIntegrationTests/*.graphql)
without the client-only @connection. Run against a freshly started server: notes live in memory.
"""
import hashlib
import json
import sys
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHARACTERS = ("query IntegrationCharacters($page: Int) { characters(page: $page) "
              "{ info { count pages next prev } results { id name status species } } }")
NOTES = ("query IntegrationNotes($id: ID!, $count: Int = 2, $cursor: String) { character(id: $id) "
         "{ id name notes(first: $count, after: $cursor) { edges { cursor node { id text } } "
         "pageInfo { endCursor hasNextPage } } } }")
DETAIL = ("query CharacterDetail($id: ID!, $first: Int = 2, $after: String) { character(id: $id) "
          "{ id name notes(first: $first, after: $after) { edges { cursor node { id text } } "
          "pageInfo { endCursor hasNextPage } } } }")
SCREEN = ("query IntegrationNotesScreen($id: ID!, $count: Int = 2, $cursor: String) { character(id: $id) "
          "{ ...IntegrationCharacterNotes } } "
          "fragment IntegrationCharacterNotes on Character { name notes(first: $count, after: $cursor) "
          "{ edges { cursor node { ...IntegrationNote } } pageInfo { endCursor hasNextPage } } id } "
          "fragment IntegrationNote on Note { id text }")
REFETCH = ("query IntegrationCharacterNotesRefetchQuery($id: ID!, $count: Int, $cursor: String) "
           "{ character(id: $id) { ...IntegrationCharacterNotes } } "
           "fragment IntegrationCharacterNotes on Character { name notes(first: $count, after: $cursor) "
           "{ edges { cursor node { ...IntegrationNote } } pageInfo { endCursor hasNextPage } } id } "
           "fragment IntegrationNote on Note { id text }")
EDIT = "mutation IntegrationEditNote($id: ID!, $text: String!) { editNote(id: $id, text: $text) { id text } }"


def key(variables):
    text = json.dumps(variables, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(port, name, document, variables):
    body = json.dumps({"query": document, "operationName": name, "variables": variables}).encode()
    request = urllib.request.Request("http://127.0.0.1:%d/graphql" % port, data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        answer = json.loads(response.read())
    assert "errors" not in answer, answer
    (HERE / ("%s.%s.json" % (name, key(variables)))).write_text(json.dumps(answer, separators=(",", ":")) + "\n")
    return answer


def main():
    port = int(sys.argv[1])
    record(port, "IntegrationCharacters", CHARACTERS, {"page": 1})
    record(port, "IntegrationCharacters", CHARACTERS, {"page": 2})
    first = record(port, "IntegrationNotes", NOTES, {"id": "1"})
    cursor = first["data"]["character"]["notes"]["pageInfo"]["endCursor"]
    record(port, "IntegrationNotes", NOTES, {"id": "1", "count": 2, "cursor": cursor})
    detail = record(port, "CharacterDetail", DETAIL, {"id": "1"})
    cursor = detail["data"]["character"]["notes"]["pageInfo"]["endCursor"]
    record(port, "CharacterDetail", DETAIL, {"id": "1", "first": 2, "after": cursor})
    screen = record(port, "IntegrationNotesScreen", SCREEN, {"id": "1"})
    cursor = screen["data"]["character"]["notes"]["pageInfo"]["endCursor"]
    record(port, "IntegrationCharacterNotesRefetchQuery", REFETCH, {"id": "1", "count": 2, "cursor": cursor})
    record(port, "IntegrationCharacterNotesRefetchQuery", REFETCH, {"id": "2"})
    record(port, "IntegrationEditNote", EDIT, {"id": "note-1", "text": "Edited by the integration tests"})


if __name__ == "__main__":
    main()
