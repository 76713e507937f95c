"""GraphQL over WebSocket for the test server: `graphql-transport-ws` and the legacy
`graphql-ws` subprotocols, served by the `websockets` package (pip) on an internal port and
reached through the HTTP server's own /graphql: an upgrade request there is relayed byte for
byte, so one URL serves HTTP and WebSockets.

Connection test hooks are headers of the upgrade request:
  X-Test-Id              the events log id ("ws open <subprotocol>", "ws subscribed <id>", ...)
  X-Test-Require-Token   connection_init's payload must carry {"authorization": "Bearer <token>"},
                         else the server closes with 4403
  X-Test-Drop-After      after that many data messages in all, drop the TCP connection (no close)
  X-Test-Fragment        send each data message in fragments of that many bytes
Subscription hooks are in the subscribe payload's extensions, under "test":
  {"completeAfter": n}   complete after n events
  {"burst": n}           emit n synthetic events at once ("burst 0" ... "burst n-1"), in order
  {"raw": "masked"}      send the first event as a masked frame (a server must never mask)
  {"raw": "truncated"}   send the head and 10 of 256 payload bytes of a frame, then drop the TCP connection
  {"raw": "oversized"}   send the head of a 1 MiB text frame, and nothing of its payload
Endpoint hooks, on the HTTP server: GET /_test/websocket answers {"tlsPort": n} (null without
--tls-cert) and "serverNames", the TLS server names (SNI) clients sent so far; GET /_test/websocket/restart?down=s drops every WebSocket connection (no close
frame) and answers upgrades on /graphql with 503 for s seconds, as a restarting server would.
The log has "ws close code <n>" for the close code a client sent.

With --tls-cert/--tls-key the same endpoint is also served over TLS (wss://) on its own port.
"""

import json
import queue
import select
import socket
import ssl
import struct
import threading
import time

from graphql import GraphQLError, OperationType, execute, parse, validate
from graphql.utilities import get_operation_ast, value_from_ast_untyped
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

SUBPROTOCOLS = ["graphql-transport-ws", "graphql-ws"]
KEEPALIVE_SECONDS = 0.5  # the legacy protocol's "ka"
INIT_TIMEOUT_SECONDS = 3


class Session:
    """One WebSocket connection: its protocol, its subscriptions by id, its hooks."""

    def __init__(self, app, connection):
        self.app = app
        self.connection = connection
        self.legacy = connection.subprotocol == "graphql-ws"
        headers = connection.request.headers
        self.test_id = headers.get("X-Test-Id")
        self.required_token = headers.get("X-Test-Require-Token")
        self.drop_after = int(headers.get("X-Test-Drop-After") or 0)
        self.fragment = int(headers.get("X-Test-Fragment") or 0)
        self.lock = threading.Lock()
        self.sent = 0
        self.active = {}  # id -> threading.Event (set to stop)
        self.dropped = False

    def event(self, name):
        self.app.events.add(self.test_id, name)

    def send(self, message):
        text = json.dumps(message)
        with self.lock:
            if self.dropped:
                raise ConnectionClosed(None, None)
            if self.fragment and len(text) > self.fragment:
                self.connection.send([text[i:i + self.fragment] for i in range(0, len(text), self.fragment)])
            else:
                self.connection.send(text)
            if message.get("type") in ("next", "data"):
                self.sent += 1
                if self.drop_after and self.sent >= self.drop_after:
                    self.dropped = True
                    self.event("ws dropped")
                    self.connection.socket.shutdown(socket.SHUT_RDWR)

    def send_raw(self, frame, then_drop=False):
        """Bytes straight to the socket, past the WebSocket library: frames it would never send.
        Under the library's own send lock, so none of its keepalive pings (every 0.3 s) lands
        inside these bytes or between them and the drop: a ping there made the client count its
        6 bytes as the truncated frame's payload."""
        with self.lock, self.connection.protocol_mutex:
            self.connection.socket.sendall(frame)
            if then_drop:
                self.dropped = True
                self.connection.socket.shutdown(socket.SHUT_RDWR)

    def drop(self):
        with self.lock:
            self.dropped = True
            try:
                self.connection.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def run(self):
        self.event("ws open %s" % self.connection.subprotocol)
        self.app.sessions.add(self)
        try:
            if not self.initialize():
                return
            if self.legacy:
                threading.Thread(target=self.keepalive, daemon=True).start()
            for raw in self.connection:
                if not self.handle(json.loads(raw)):
                    return
        except (ConnectionClosed, OSError, ValueError):
            pass
        finally:
            self.app.sessions.discard(self)
            for stop in list(self.active.values()):
                stop.set()
            if self.connection.close_code is not None:
                self.event("ws close code %d" % self.connection.close_code)
            self.event("ws closed")

    def initialize(self):
        try:
            message = json.loads(self.connection.recv(timeout=INIT_TIMEOUT_SECONDS))
        except TimeoutError:
            self.connection.close(4408, "Connection initialisation timeout")
            return False
        if message.get("type") != "connection_init":
            self.connection.close(4400, "expected connection_init")
            return False
        payload = message.get("payload") or {}
        if self.required_token and payload.get("authorization") != "Bearer " + self.required_token:
            self.event("ws refused")
            self.connection.close(4403, "Forbidden")
            return False
        self.event("ws init %s" % json.dumps(payload, sort_keys=True))
        self.send({"type": "connection_ack"})
        if self.legacy:
            self.send({"type": "ka"})
        return True

    def keepalive(self):
        stop = threading.Event()
        while not stop.wait(KEEPALIVE_SECONDS):
            try:
                self.send({"type": "ka"})
            except (ConnectionClosed, OSError):
                return

    def handle(self, message):
        kind = message.get("type")
        if kind in ("subscribe", "start"):
            return self.start(message.get("id"), message.get("payload") or {})
        if kind in ("complete", "stop"):
            stop = self.active.pop(message.get("id"), None)
            if stop:
                stop.set()
                self.event("ws stopped %s" % message.get("id"))
        elif kind == "ping":
            self.send({"type": "pong"})
        elif kind == "connection_terminate":
            self.connection.close()
            return False
        return True

    def start(self, op_id, payload):
        if op_id in self.active:
            self.connection.close(4409, "Subscriber for %s already exists" % op_id)
            return False
        stop = threading.Event()
        self.active[op_id] = stop
        threading.Thread(target=self.serve, args=(op_id, payload, stop), daemon=True).start()
        return True

    def serve(self, op_id, payload, stop):
        try:
            self.serve_operation(op_id, payload, stop)
        except (ConnectionClosed, OSError):
            pass
        finally:
            self.active.pop(op_id, None)

    def serve_operation(self, op_id, payload, stop):
        data_type = "data" if self.legacy else "next"
        try:
            document = parse(payload.get("query") or "")
            errors = validate(self.app.schema, document)
            if errors:
                raise GraphQLError("; ".join(e.message for e in errors))
            operation = get_operation_ast(document, payload.get("operationName"))
            if operation is None:
                raise GraphQLError("Unknown operation")
        except GraphQLError as e:
            error = {"message": e.message}
            self.send({"type": "error", "id": op_id, "payload": error if self.legacy else [error]})
            return
        variables = payload.get("variables") or {}

        def run(root=None):
            return execute(self.app.schema, document, root_value=root, variable_values=variables,
                           operation_name=payload.get("operationName")).formatted

        raw = ((payload.get("extensions") or {}).get("test") or {}).get("raw")
        if raw:
            return self.misbehave(raw, {"type": data_type, "id": op_id, "payload": run({"noteAdded": {
                "id": "raw", "text": "raw", "characterId": "0"}})})
        if operation.operation != OperationType.SUBSCRIPTION:
            self.send({"type": data_type, "id": op_id, "payload": run()})
        else:
            for note in self.notes(operation, variables, (payload.get("extensions") or {}).get("test") or {}, op_id, stop):
                self.send({"type": data_type, "id": op_id, "payload": run({"noteAdded": note})})
        if not stop.is_set():
            self.send({"type": "complete", "id": op_id})

    def misbehave(self, kind, message):
        self.event("ws raw %s" % kind)
        if kind == "masked":
            key = b"\x1f\x2e\x3d\x4c"
            body = json.dumps(message).encode()
            masked = bytes(b ^ key[i % 4] for i, b in enumerate(body))
            self.send_raw(frame_head(0x81, len(body), masked=True) + key + masked)
        elif kind == "truncated":
            self.send_raw(frame_head(0x81, 256) + b"x" * 10, then_drop=True)
        elif kind == "oversized":
            self.send_raw(frame_head(0x81, 1 << 20))

    def notes(self, operation, variables, hooks, op_id, stop):
        field = operation.selection_set.selections[0]
        args = {a.name.value: value_from_ast_untyped(a.value, variables) for a in field.arguments or ()}
        character = str(args.get("characterId"))
        limit = int(hooks.get("completeAfter") or 0)
        q = self.app.data.subscribe(character)
        self.event("ws subscribed %s" % op_id)
        sent = 0
        try:
            for i in range(int(hooks.get("burst") or 0)):
                q.put({"id": "burst-%d" % i, "text": "burst %d" % i, "characterId": character})
            while not stop.is_set() and (not limit or sent < limit):
                try:
                    note = q.get(timeout=0.05)
                except queue.Empty:
                    continue
                sent += 1
                yield note
        finally:
            self.app.data.unsubscribe(q)


def frame_head(first, length, masked=False):
    """An RFC 6455 frame head: FIN/opcode byte, then the 7-, 16- or 64-bit length."""
    mask = 0x80 if masked else 0
    if length < 126:
        return bytes([first, mask | length])
    if length < 1 << 16:
        return bytes([first, mask | 126]) + struct.pack("!H", length)
    return bytes([first, mask | 127]) + struct.pack("!Q", length)


class SessionSet:
    """The open sessions, for the restart hook."""

    def __init__(self):
        self.lock = threading.Lock()
        self.items = set()

    def add(self, session):
        with self.lock:
            self.items.add(session)

    def discard(self, session):
        with self.lock:
            self.items.discard(session)

    def snapshot(self):
        with self.lock:
            return list(self.items)


class WebSocketEndpoint:
    """The internal `websockets` server, the relay the HTTP handler hands upgrades to, and,
    with `tls` (certificate chain and key files), the same endpoint over TLS on its own port."""

    def __init__(self, data, schema, events, tls=None):
        self.data = data
        self.schema = schema
        self.events = events
        self.sessions = SessionSet()
        self.down_until = 0.0
        self.server = self.start(None)
        self.port = self.server.socket.getsockname()[1]
        self.tls_port = None
        self.server_names = set()  # the TLS server names (SNI) clients sent; None for none
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(tls[0], tls[1])
            context.sni_callback = lambda sock, name, ctx: self.server_names.add(name)
            self.tls_server = self.start(context)
            self.tls_port = self.tls_server.socket.getsockname()[1]

    def start(self, context):
        server = serve(lambda connection: Session(self, connection).run(), "127.0.0.1", 0,
                       subprotocols=SUBPROTOCOLS, ping_interval=0.3, ping_timeout=1,
                       max_size=None, compression=None, ssl=context)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server

    def restart(self, down):
        """Drops every connection and refuses upgrades for `down` seconds; answers how many
        connections it dropped."""
        self.down_until = time.monotonic() + down
        sessions = self.sessions.snapshot()
        for session in sessions:
            session.event("ws restart")
            session.drop()
        return len(sessions)

    def relay(self, request_line, headers, client):
        """Sends the upgrade request on to the internal server and pipes bytes both ways
        until either side closes; a 503 while the endpoint is restarting."""
        if time.monotonic() < self.down_until:
            self.events.add(headers.get("X-Test-Id"), "ws refused while restarting")
            client.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        upstream = socket.create_connection(("127.0.0.1", self.port))
        upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        head = request_line.rstrip(b"\r\n") + b"\r\n"
        head += b"".join(b"%s: %s\r\n" % (k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items())
        upstream.sendall(head + b"\r\n")
        try:
            while True:
                readable, _, _ = select.select([client, upstream], [], [])
                for source in readable:
                    target = upstream if source is client else client
                    chunk = source.recv(65536)
                    if not chunk:
                        return
                    target.sendall(chunk)
        except OSError:
            pass
        finally:
            upstream.close()
