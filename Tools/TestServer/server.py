#!/usr/bin/env python3
"""A small GraphQL server on 127.0.0.1 for Baton's tests and examples.

Serves the Rick and Morty schema (schema.graphql) over the data in data/, plus notes
(a Relay connection, two mutations, a subscription). Speaks GraphQL over HTTP (POST and
GET), automatic persisted queries, gzip both ways, @defer as multipart/mixed, and
subscriptions over multipart HTTP, server-sent events and WebSockets (graphql-transport-ws
and graphql-ws, websocket_endpoint.py, on the same /graphql). Test hooks are request headers
described in README.md.

Usage: server.py [--port N] [--exit-on-stdin-eof] [--trusted-documents manifest.json].
Prints the bound port alone on its first stdout line (use --port 0 for a free one).
"""

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import queue
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationType,
    SelectionSetNode,
    build_schema,
    execute,
    parse,
    validate,
)
from graphql.utilities import get_operation_ast, value_from_ast_untyped
from graphql.validation import NoSchemaIntrospectionCustomRule, specified_rules

import multipart_upload
from websocket_endpoint import WebSocketEndpoint

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE_SIZE = 20
HEARTBEAT_SECONDS = 5.0
# Parsed and validated documents kept (by text) before the cache starts over.
DOCUMENT_CACHE_SIZE = 1000


# --- data -----------------------------------------------------------------------------

def _load(name):
    with open(os.path.join(HERE, "data", name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def _id_from_url(url):
    return int(url.rstrip("/").rsplit("/", 1)[1])


class Data:
    """The data set, read-only after load, and the notes, guarded by a lock."""

    def __init__(self):
        self.characters = sorted(_load("characters"), key=lambda c: c["id"])
        self.episodes = sorted(_load("episodes"), key=lambda e: e["id"])
        self.locations = sorted(_load("locations"), key=lambda l: l["id"])
        self.character_by_id = {c["id"]: c for c in self.characters}
        self.episode_by_id = {e["id"]: e for e in self.episodes}
        self.location_by_id = {l["id"]: l for l in self.locations}
        self.location_by_mongo_id = {l["_id"]: l for l in self.locations}
        self.lock = threading.Lock()
        self.notes = {}  # id -> {"id", "text", "characterId"}
        self.note_order = []  # ids in creation order
        self.next_note = 1
        self.subscribers = []  # (characterId, queue)
        for text in ("Wubba lubba dub dub", "Pickle Rick", "Get schwifty"):
            self.add_note("1", text, publish=False)

    def add_note(self, character_id, text, publish=True):
        with self.lock:
            note = {"id": "note-%d" % self.next_note, "text": text, "characterId": str(character_id)}
            self.next_note += 1
            self.notes[note["id"]] = note
            self.note_order.append(note["id"])
            targets = [q for (cid, q) in self.subscribers if cid == note["characterId"]]
        if publish:
            for q in targets:
                q.put(dict(note))
        return dict(note)

    def edit_note(self, note_id, text):
        with self.lock:
            note = self.notes.get(note_id)
            if note is None:
                return None
            note["text"] = text
            return dict(note)

    def notes_of(self, character_id):
        with self.lock:
            return [dict(self.notes[i]) for i in self.note_order if self.notes[i]["characterId"] == character_id]

    def subscribe(self, character_id):
        q = queue.Queue()
        with self.lock:
            self.subscribers.append((str(character_id), q))
        return q

    def unsubscribe(self, q):
        with self.lock:
            self.subscribers = [(c, s) for (c, s) in self.subscribers if s is not q]

    def publish(self, character_id, seq):
        """Puts the numbered note `seq-<seq>-<character_id>` on every noteAdded subscription of
        `character_id` (stored nowhere); answers how many subscriptions it reached."""
        note = {"id": "seq-%d-%s" % (seq, character_id), "text": "seq %d" % seq, "characterId": str(character_id)}
        with self.lock:
            targets = [q for (cid, q) in self.subscribers if cid == str(character_id)]
        for q in targets:
            q.put(dict(note))
        return len(targets)


def _page(items, page):
    page = page or 1
    count = len(items)
    pages = (count + PAGE_SIZE - 1) // PAGE_SIZE
    start = (page - 1) * PAGE_SIZE
    return {
        "info": {
            "count": count,
            "pages": pages,
            "next": page + 1 if page < pages else None,
            "prev": page - 1 if page > 1 and page - 1 <= pages else None,
        },
        "results": items[start:start + PAGE_SIZE] if page >= 1 else [],
    }


def _matches(item, filter_, exact=()):
    for key, wanted in (filter_ or {}).items():
        if wanted is None:
            continue
        have = str(item.get(key) or "").lower()
        if key in exact:
            if have != wanted.lower():
                return False
        elif wanted.lower() not in have:
            return False
    return True


def _int_id(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _cursor(note_id):
    return base64.b64encode(("note:" + note_id).encode()).decode()


def _uploaded(file, label):
    """An UploadedFile from what multipart_upload put at a file's path."""
    if not isinstance(file, dict) or "sha256" not in file:
        raise GraphQLError("Upload values come as files of a multipart request, not inline")
    return {"name": file["filename"], "size": file["size"], "sha256": file["sha256"],
            "contentType": file["contentType"], "label": label}


def make_schema(data):
    with open(os.path.join(HERE, "schema.graphql"), encoding="utf-8") as f:
        schema = build_schema(f.read())

    def resolve(type_name, field_name):
        def wrap(fn):
            schema.type_map[type_name].fields[field_name].resolve = fn
            return fn
        return wrap

    @resolve("Query", "character")
    def _character(_, info, id):
        return data.character_by_id.get(_int_id(id))

    @resolve("Query", "characters")
    def _characters(_, info, page=None, filter=None):
        items = [c for c in data.characters if _matches(c, filter, exact=("status", "gender"))]
        return _page(items, page)

    @resolve("Query", "charactersByIds")
    def _characters_by_ids(_, info, ids):
        return [data.character_by_id.get(_int_id(i)) for i in ids]

    @resolve("Query", "location")
    def _location(_, info, id):
        return data.location_by_id.get(_int_id(id))

    @resolve("Query", "locations")
    def _locations(_, info, page=None, filter=None):
        return _page([l for l in data.locations if l["id"] != 0 and _matches(l, filter)], page)

    @resolve("Query", "locationsByIds")
    def _locations_by_ids(_, info, ids):
        return [data.location_by_id.get(_int_id(i)) for i in ids]

    @resolve("Query", "episode")
    def _episode(_, info, id):
        return data.episode_by_id.get(_int_id(id))

    @resolve("Query", "episodes")
    def _episodes(_, info, page=None, filter=None):
        return _page([e for e in data.episodes if _matches(e, filter)], page)

    @resolve("Query", "episodesByIds")
    def _episodes_by_ids(_, info, ids):
        return [data.episode_by_id.get(_int_id(i)) for i in ids]

    @resolve("Query", "note")
    def _note(_, info, id):
        with data.lock:
            note = data.notes.get(id)
            return dict(note) if note else None

    @resolve("Character", "origin")
    def _origin(character, info):
        return data.location_by_mongo_id.get(character.get("origin"))

    @resolve("Character", "location")
    def _char_location(character, info):
        return data.location_by_mongo_id.get(character.get("location"))

    @resolve("Character", "episode")
    def _char_episodes(character, info):
        return [data.episode_by_id.get(_id_from_url(u)) for u in character.get("episode", [])]

    @resolve("Character", "notes")
    def _char_notes(character, info, first=None, after=None):
        notes = data.notes_of(str(character["id"]))
        if after is not None:
            cursors = [_cursor(n["id"]) for n in notes]
            if after not in cursors:
                raise GraphQLError("Unknown cursor: %s" % after)
            notes = notes[cursors.index(after) + 1:]
        page = notes if first is None else notes[:max(first, 0)]
        edges = [{"cursor": _cursor(n["id"]), "node": n} for n in page]
        return {
            "edges": edges,
            "pageInfo": {
                "endCursor": edges[-1]["cursor"] if edges else after,
                "hasNextPage": len(page) < len(notes),
            },
        }

    @resolve("Note", "character")
    def _note_character(note, info):
        return data.character_by_id.get(_int_id(note["characterId"]))

    @resolve("Episode", "characters")
    def _episode_characters(episode, info):
        return [data.character_by_id.get(_id_from_url(u)) for u in episode.get("characters", [])]

    @resolve("Location", "residents")
    def _residents(location, info):
        return [data.character_by_id.get(_id_from_url(u)) for u in location.get("residents", [])]

    @resolve("Mutation", "addNote")
    def _add_note(_, info, characterId, text):
        if _int_id(characterId) not in data.character_by_id:
            raise GraphQLError("No character with id %s" % characterId)
        return data.add_note(characterId, text)

    @resolve("Mutation", "editNote")
    def _edit_note(_, info, id, text):
        note = data.edit_note(id, text)
        if note is None:
            raise GraphQLError("No note with id %s" % id)
        return note

    # A subscription's events are executed with the event as the root value.
    @resolve("Mutation", "uploadFiles")
    def _upload_files(_, info, files, note=None):
        return [_uploaded(file, note) for file in files]

    @resolve("Mutation", "uploadAttachment")
    def _upload_attachment(_, info, input):
        return _uploaded(input["file"], input.get("label"))

    schema.type_map["Subscription"].fields["noteAdded"].resolve = lambda event, info, **_: event.get("noteAdded")
    return schema


# --- @defer ---------------------------------------------------------------------------
# graphql-core 3.2 cannot execute @defer. The server executes the whole operation (the
# directive is declared, so it validates, and execution ignores it), then splits the
# result: the initial payload without the fields only deferred fragments select, and one
# incremental payload per deferred fragment at each path it applies to.

def _defer_label(node, variables):
    for directive in node.directives or ():
        if directive.name.value != "defer":
            continue
        label, enabled = None, True
        for arg in directive.arguments or ():
            value = value_from_ast_untyped(arg.value, variables)
            if arg.name.value == "if":
                enabled = bool(value)
            elif arg.name.value == "label":
                label = value
        return (True, label) if enabled else (False, None)
    return (False, None)


def _collect(selection_set, fragments, variables, fields, deferred):
    for sel in selection_set.selections:
        if isinstance(sel, FieldNode):
            key = sel.alias.value if sel.alias else sel.name.value
            fields.setdefault(key, []).append(sel)
            continue
        is_deferred, label = _defer_label(sel, variables)
        if isinstance(sel, InlineFragmentNode):
            target = sel.selection_set
        elif isinstance(sel, FragmentSpreadNode):
            target = fragments[sel.name.value].selection_set
        else:
            continue
        if is_deferred:
            deferred.append((label, target))
        else:
            _collect(target, fragments, variables, fields, deferred)


def _split(selection_set, value, path, fragments, variables, out):
    if value is None or selection_set is None:
        return value
    if isinstance(value, list):
        return [_split(selection_set, v, path + [i], fragments, variables, out) for i, v in enumerate(value)]
    if not isinstance(value, dict):
        return value
    fields, deferred = {}, []
    _collect(selection_set, fragments, variables, fields, deferred)
    result = {}
    for key, nodes in fields.items():
        if key not in value:
            continue
        subs = [s for n in nodes if n.selection_set for s in n.selection_set.selections]
        merged = SelectionSetNode(selections=tuple(subs)) if subs else None
        result[key] = _split(merged, value[key], path + [key], fragments, variables, out)
    for label, sel in deferred:
        entry = {"path": list(path)}
        if label:
            entry["label"] = label
        out.append(entry)
        entry["data"] = _split(sel, value, path, fragments, variables, out)
    return result


def split_deferred(document, operation, data, variables):
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    out = []
    initial = _split(operation.selection_set, data, [], fragments, variables or {}, out)
    return initial, [e for e in out if e.get("data")]


def has_defer(document):
    return "@defer" in document.loc.source.body if document.loc else False


# --- HTTP -----------------------------------------------------------------------------

class Events:
    """What the server saw per test id (the X-Test-Id header), for GET /_test/events."""

    def __init__(self):
        self.lock = threading.Lock()
        self.by_id = {}

    def add(self, test_id, event):
        if not test_id:
            return
        with self.lock:
            self.by_id.setdefault(test_id, []).append(event)

    def get(self, test_id):
        with self.lock:
            return list(self.by_id.get(test_id, []))


class ClientGone(Exception):
    pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Kept-alive connections write headers and body separately: without TCP_NODELAY each
    # response after the first waits out the client's delayed ACK (40 ms).
    disable_nagle_algorithm = True
    server_version = "BatonTestServer/1"

    def log_message(self, fmt, *args):  # quiet: tests read stdout for the port only
        if self.server.verbose:
            sys.stderr.write("%s\n" % (fmt % args))

    # -- plumbing --

    @property
    def test_id(self):
        return self.headers.get("X-Test-Id")

    def event(self, name):
        self.server.events.add(self.test_id, name)

    def client_closed(self):
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def wait(self, seconds):
        """Sleeps, watching the connection; raises ClientGone when the client hangs up."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if self.client_closed():
                raise ClientGone()
            time.sleep(min(0.02, left))

    def send_body(self, status, body, content_type, extra_headers=None):
        headers = dict(extra_headers or {})
        if "gzip" in (self.headers.get("Accept-Encoding") or "") and body:
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
            self.event("response gzip")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.event("finished")

    def send_json(self, status, obj, content_type="application/json"):
        self.send_body(status, json.dumps(obj).encode(), content_type + "; charset=utf-8")

    def start_stream(self, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.flush()

    def chunk(self, data):
        if not data:
            return
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            raise ClientGone()

    def end_stream(self):
        try:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            raise ClientGone()
        self.event("finished")

    # -- routes --

    def read_body(self):
        """Reads the whole request body (Content-Length or chunked) before any answer, so the
        next request on a kept-alive connection starts where it should. Answers None after
        answering 400 and closing the connection when the body's framing is bad."""
        try:
            if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
                return self.read_chunked_body()
            length = int(self.headers.get("Content-Length") or 0)
            if length < 0:
                raise ValueError("negative")
        except ValueError as e:
            self.send_body(400, ("Bad request body framing: %s" % e).encode(), "text/plain", {"Connection": "close"})
            return None
        return self.rfile.read(length) if length else b""

    def read_chunked_body(self):
        body = b""
        while True:
            size = int(self.rfile.readline(1024).split(b";", 1)[0].strip() or b"x", 16)
            if size == 0:
                break
            body += self.rfile.read(size)
            self.rfile.readline(16)  # the CRLF after the chunk
        while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):  # trailers
            pass
        return body

    def do_GET(self):
        if (self.headers.get("Upgrade") or "").lower() == "websocket" and urlparse(self.path).path == "/graphql":
            self.close_connection = True
            return self.server.websocket.relay(self.raw_requestline, self.headers, self.connection)
        if self.read_body() is None:
            return
        url = urlparse(self.path)
        if url.path == "/_test/redirect":
            return self.redirect()
        if url.path == "/_test/events":
            test_id = (parse_qs(url.query).get("id") or [""])[0]
            return self.send_json(200, {"events": self.server.events.get(test_id)})
        if url.path == "/_test/websocket":
            names = sorted(n for n in self.server.websocket.server_names if n)
            return self.send_json(200, {"tlsPort": self.server.websocket.tls_port, "serverNames": names})
        if url.path == "/_test/websocket/restart":
            down = float((parse_qs(url.query).get("down") or ["0"])[0])
            return self.send_json(200, {"dropped": self.server.websocket.restart(down)})
        if url.path == "/_test/publish":
            q = parse_qs(url.query)
            seq = int((q.get("seq") or ["0"])[0])
            delivered = {c: self.server.data.publish(c, seq) for c in q.get("characterId") or []}
            return self.send_json(200, {"delivered": delivered})
        if url.path == "/health":
            return self.send_body(200, b"ok", "text/plain")
        if url.path != "/graphql":
            return self.send_body(404, b"not found", "text/plain")
        q = parse_qs(url.query)
        params = {}
        try:
            for key in ("query", "operationName"):
                if key in q:
                    params[key] = q[key][0]
            for key in ("variables", "extensions"):
                if key in q:
                    params[key] = json.loads(q[key][0])
        except ValueError as e:
            return self.send_json(400, {"errors": [{"message": "Bad JSON in query string: %s" % e}]})
        self.handle_graphql(params, body_bytes=0, method="GET")

    def redirect(self):
        """`/_test/redirect?to=<url>&status=<code>`: the body read, answer `status` (307 by
        default) with `Location: <url>`, or with its own path without `to` (a loop); event
        `redirected <status>`."""
        q = parse_qs(urlparse(self.path).query)
        status = int((q.get("status") or ["307"])[0])
        self.event("redirected %d" % status)
        self.send_body(status, b"", "text/plain", {"Location": (q.get("to") or [self.path])[0]})

    def do_POST(self):
        if urlparse(self.path).path == "/_test/redirect":
            return None if self.read_body() is None else self.redirect()
        boundary = multipart_upload.boundary_of(self.headers.get("Content-Type"))
        if boundary is not None:
            return self.serve_multipart(boundary)
        raw = self.read_body()
        if raw is None:
            return
        url = urlparse(self.path)
        if url.path != "/graphql":
            return self.send_body(404, b"not found", "text/plain")
        body = raw
        if (self.headers.get("Content-Encoding") or "").lower() == "gzip":
            try:
                body = gzip.decompress(raw)
            except OSError as e:
                return self.send_body(400, ("Bad gzip body: %s" % e).encode(), "text/plain")
            self.event("request gzip %d->%d" % (len(raw), len(body)))
        try:
            params = json.loads(body or b"{}")
            if isinstance(params, list) and params:
                return self.handle_batch(params, body_bytes=len(raw))
            if not isinstance(params, dict):
                raise ValueError("the body is not a JSON object or a non-empty array of them")
        except ValueError as e:
            return self.send_json(400, {"errors": [{"message": "Bad JSON body: %s" % e}]})
        self.handle_graphql(params, body_bytes=len(raw), method="POST")

    def serve_multipart(self, boundary):
        """A GraphQL multipart request (file uploads), parsed as it streams in; refused without
        Apollo-Require-Preflight or X-Apollo-Operation-Name, as Apollo Server's CSRF
        prevention refuses it."""
        if urlparse(self.path).path != "/graphql":
            self.read_body()
            return self.send_body(404, b"not found", "text/plain")
        try:
            if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
                body = self.read_chunked_body()
                stream, length = io.BytesIO(body), len(body)
            else:
                stream, length = self.rfile, int(self.headers.get("Content-Length") or 0)
            operations, count = multipart_upload.parse(stream, length, boundary)
        except (ValueError, multipart_upload.MultipartError) as e:
            self.close_connection = True
            return self.send_json(400, {"errors": [{"message": "Bad multipart request: %s" % e}]})
        preflight = self.headers.get("Apollo-Require-Preflight") or self.headers.get("X-Apollo-Operation-Name")
        if not preflight:
            self.event("multipart refused: no preflight header")
            return self.send_json(400, {"errors": [{
                "message": "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF): "
                           "send Apollo-Require-Preflight", "extensions": {"code": "BAD_REQUEST"}}]})
        self.event("multipart %d files %d bytes" % (count, length))
        if not isinstance(operations, dict):
            return self.send_json(400, {"errors": [{"message": "Batched multipart operations are not supported"}]})
        self.handle_graphql(operations, body_bytes=length, method="POST")

    def handle_graphql(self, params, body_bytes, method):
        self.event("open")
        try:
            self.run_hooks_and_graphql(params, body_bytes, method)
        except ClientGone:
            self.event("closed")
            self.close_connection = True

    def handle_batch(self, items, body_bytes):
        """A batch (Apollo's form): a JSON array of operations, answered with an array of their
        responses in the same order, in one HTTP request (logged "open", then "batch N")."""
        self.event("open")
        names = (str(item.get("operationName")) if isinstance(item, dict) else "?" for item in items)
        self.event("batch %d: %s" % (len(items), ",".join(names)))
        try:
            if self.run_hooks():
                return
            results = []
            for item in items:
                if not isinstance(item, dict):
                    results.append({"errors": [{"message": "A batch element is not a JSON object"}]})
                    continue
                _, obj, _ = self.graphql_answer(item, body_bytes, "POST", streams=False)
                results.append(obj)
            malformed = self.headers.get("X-Test-Batch-Malformed")
            if malformed == "short":
                results = results[:-1]
            elif malformed == "object":
                results = {"errors": [{"message": "batching is not enabled"}]}
            self.send_json(200, results, self.response_type())
        except ClientGone:
            self.event("closed")
            self.close_connection = True

    def response_type(self):
        accept = self.headers.get("Accept") or ""
        return "application/graphql-response+json" if "application/graphql-response+json" in accept else "application/json"

    def run_hooks_and_graphql(self, params, body_bytes, method):
        if self.run_hooks():
            return
        answer = self.graphql_answer(params, body_bytes, method, streams=True)
        if answer is not None:
            self.send_json(*answer)

    def run_hooks(self):
        """The X-Test-* hooks that answer a request on their own: True when one did."""
        h = self.headers
        if h.get("X-Test-Delay"):
            self.wait(float(h["X-Test-Delay"]))
        if h.get("X-Test-Fail-First") and self.test_id:
            # The first n requests of this test id (counted by their "open" events) fail with 503.
            opened = sum(1 for e in self.server.events.get(self.test_id) if e == "open")
            if opened <= int(h["X-Test-Fail-First"]):
                self.event("failed %d" % opened)
                self.send_body(503, b"test failure body: status 503", "text/plain")
                return True
        if h.get("X-Test-Require-Token"):
            if h.get("Authorization") != "Bearer " + h["X-Test-Require-Token"]:
                self.event("refused %s" % (h.get("Authorization") or "none"))
                self.send_body(401, b"test failure body: status 401", "text/plain")
                return True
            self.event("authorized")
        if h.get("X-Test-Status"):
            status = int(h["X-Test-Status"])
            self.send_body(status, b"test failure body: status %d" % status, "text/plain")
            return True
        if h.get("X-Test-Non-JSON"):
            self.send_body(200, b"<html><body>not a GraphQL response</body></html>", "text/html")
            return True
        if h.get("X-Test-JSON-Without-Data"):
            self.send_json(200, {"hello": "world"})
            return True
        return False

    def graphql_answer(self, params, body_bytes, method, streams):
        """Runs one operation: (status, response, content type) for a whole answer, or None
        when it answered on its own (a stream, a 405). Without `streams` (a batch element) it
        never streams, and a subscription is an error."""
        h = self.headers
        accept = h.get("Accept") or ""
        response_type = self.response_type()

        def request_error(message, code=None):
            error = {"message": message}
            if code:
                error["extensions"] = {"code": code}
            status = 400 if response_type != "application/json" else 200
            return (status, {"errors": [error]}, response_type)

        query = params.get("query")
        extensions = params.get("extensions") or {}
        persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
        if self.server.trusted is not None:
            # Trusted documents: only an id of the manifest runs, whatever text comes with it.
            digest = persisted.get("sha256Hash") if isinstance(persisted, dict) else None
            if not isinstance(digest, str):
                self.event("text refused")
                return request_error("This server runs trusted documents only: send the persisted-query id "
                                     "of an operation in its manifest", "PERSISTED_QUERY_ID_REQUIRED")
            trusted = self.server.trusted.get(digest)
            if trusted is None:
                self.event("trusted miss")
                return request_error("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
            self.event("trusted hit" if query is None else "trusted hit with text")
            query = trusted
            persisted = None
        if persisted:
            digest = persisted.get("sha256Hash")
            if persisted.get("version") != 1 or not isinstance(digest, str):
                return request_error("Unsupported persisted query version")
            if query is None:
                query = self.server.persisted.get(digest)
                if query is None:
                    self.event("apq miss")
                    return request_error("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
                self.event("apq hit")
            else:
                if hashlib.sha256(query.encode()).hexdigest() != digest:
                    return request_error("provided sha does not match query", "INTERNAL_SERVER_ERROR")
                self.server.persisted[digest] = query
                self.event("apq register")
        if not isinstance(query, str):
            return request_error("Must provide query string.")

        # Parsed and validated documents are kept by their text, as Apollo Server's document
        # store keeps them: validation costs ten times what executing a small query does.
        key = (query, bool(h.get("X-Test-No-Introspection")))
        known = self.server.documents.get(key)
        if known is None:
            try:
                document = parse(query)
            except GraphQLError as e:
                return request_error(e.message, "GRAPHQL_PARSE_FAILED")
            rules = [*specified_rules, NoSchemaIntrospectionCustomRule] if key[1] else specified_rules
            known = (document, validate(self.server.schema, document, rules))
            if len(self.server.documents) >= DOCUMENT_CACHE_SIZE:
                self.server.documents.clear()
            self.server.documents[key] = known
        document, errors = known
        if errors:
            return (400 if response_type != "application/json" else 200,
                    {"errors": [e.formatted for e in errors]}, response_type)
        operation_name = params.get("operationName")
        operation = get_operation_ast(document, operation_name)
        if operation is None:
            return request_error("Unknown operation named '%s'." % operation_name)
        if method == "GET" and operation.operation != OperationType.QUERY:
            self.send_response(405)
            self.send_header("Allow", "POST")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        variables = params.get("variables") or {}

        def run(root=None):
            result = execute(self.server.schema, document, root_value=root,
                             variable_values=variables, operation_name=operation_name)
            out = result.formatted
            if h.get("X-Test-Echo"):
                out.setdefault("extensions", {})["echo"] = {
                    "method": method,
                    "headers": {k.lower(): v for k, v in h.items()},
                    "bodyBytesOnWire": body_bytes,
                }
            return out

        if operation.operation == OperationType.SUBSCRIPTION:
            if not streams:
                return request_error("Subscriptions cannot be batched")
            if "text/event-stream" in accept:
                return self.serve_subscription_sse(operation, variables, run)
            if "multipart/mixed" in accept:
                return self.serve_subscription_multipart(operation, variables, run)
            return request_error("Subscriptions need Accept: text/event-stream or multipart/mixed")

        if streams and "text/event-stream" in accept:
            self.start_stream("text/event-stream")
            self.chunk(b"event: next\ndata: %s\n\n" % json.dumps(run()).encode())
            self.chunk(b"event: complete\ndata:\n\n")
            return self.end_stream()
        if streams and has_defer(document) and "multipart/mixed" in accept:
            return self.serve_deferred(document, operation, variables, run)
        return (200, run(), response_type)

    # -- streams --

    def serve_deferred(self, document, operation, variables, run):
        result = run()
        initial, deferred = split_deferred(document, operation, result.get("data"), variables)
        first = {k: v for k, v in result.items() if k != "data"}
        first["data"] = initial
        first["hasNext"] = bool(deferred)
        parts = [first] + [{"incremental": [entry], "hasNext": i < len(deferred) - 1}
                           for i, entry in enumerate(deferred)]
        delay = float(self.headers.get("X-Test-Part-Delay") or 0)
        self.start_stream('multipart/mixed; boundary="-"; deferSpec=20220824')
        self.chunk(b"\r\n---")
        for i, part in enumerate(parts):
            if i > 0 and delay:
                self.wait(delay)
            self.chunk(b"\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + json.dumps(part).encode() + b"\r\n---")
            self.event("part %d" % i)
        self.chunk(b"--\r\n")
        self.end_stream()

    def subscription_events(self, operation, variables):
        """Yields each noteAdded event until X-Test-Complete-After events or the client leaves."""
        field = operation.selection_set.selections[0]
        args = {a.name.value: value_from_ast_untyped(a.value, variables) for a in field.arguments or ()}
        limit = int(self.headers.get("X-Test-Complete-After") or 0)
        heartbeat = float(self.headers.get("X-Test-Heartbeat") or HEARTBEAT_SECONDS)
        q = self.server.data.subscribe(args.get("characterId"))
        self.event("subscribed")
        sent = 0
        try:
            last = time.monotonic()
            while not limit or sent < limit:
                try:
                    note = q.get(timeout=0.05)
                except queue.Empty:
                    if self.client_closed():
                        raise ClientGone()
                    if time.monotonic() - last >= heartbeat:
                        last = time.monotonic()
                        yield None
                    continue
                sent += 1
                yield note
        finally:
            self.server.data.unsubscribe(q)

    def serve_subscription_sse(self, operation, variables, run):
        self.start_stream("text/event-stream")
        self.chunk(b": subscribed\n\n")
        for note in self.subscription_events(operation, variables):
            if note is None:
                self.chunk(b": heartbeat\n\n")
            else:
                self.chunk(b"event: next\ndata: %s\n\n" % json.dumps(run({"noteAdded": note})).encode())
        self.chunk(b"event: complete\ndata:\n\n")
        self.end_stream()

    def serve_subscription_multipart(self, operation, variables, run):
        self.start_stream('multipart/mixed; boundary="graphql"; subscriptionSpec="1.0"')
        self.chunk(b"\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}")
        for note in self.subscription_events(operation, variables):
            payload = {} if note is None else {"payload": run({"noteAdded": note})}
            self.chunk(b"\r\n--graphql\r\ncontent-type: application/json\r\n\r\n" + json.dumps(payload).encode())
        self.chunk(b"\r\n--graphql--\r\n")
        self.end_stream()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # The listen backlog: socketserver's default of 5 resets connections when a whole test
    # suite opens dozens at once on a loaded machine.
    request_queue_size = 256


def load_manifest(path):
    """The operations of an apollo-persisted-query-manifest file, by id; exits on a bad file."""
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)
    if manifest.get("format") != "apollo-persisted-query-manifest" or manifest.get("version") != 1:
        sys.exit("%s is not an apollo-persisted-query-manifest, version 1" % path)
    operations = {}
    for operation in manifest.get("operations") or []:
        body = operation["body"]
        if hashlib.sha256(body.encode()).hexdigest() != operation["id"]:
            sys.exit("%s: the id of %s is not the SHA-256 of its body" % (path, operation.get("name")))
        operations[operation["id"]] = body
    return operations


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=4000, help="0 picks a free port")
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="stop when standard input closes (the parent process ended)")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--trusted-documents", metavar="MANIFEST",
                        help="run only the operations of this persisted-query manifest, by id")
    parser.add_argument("--tls-cert", metavar="PEM",
                        help="also serve the WebSocket endpoint over TLS with this certificate chain "
                             "(its port: GET /_test/websocket)")
    parser.add_argument("--tls-key", metavar="PEM", help="the private key of --tls-cert")
    args = parser.parse_args()

    server = Server(("127.0.0.1", args.port), Handler)
    server.data = Data()
    server.schema = make_schema(server.data)
    server.events = Events()
    server.persisted = {}
    server.documents = {}
    server.trusted = load_manifest(args.trusted_documents) if args.trusted_documents else None
    server.verbose = args.verbose
    server.websocket = WebSocketEndpoint(server.data, server.schema, server.events,
                                         tls=(args.tls_cert, args.tls_key) if args.tls_cert else None)
    print(server.server_address[1], flush=True)
    if args.exit_on_stdin_eof:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
