"""The server side of the GraphQL multipart request specification
(https://github.com/jaydenseric/graphql-multipart-request-spec), parsed as the body streams in.

A request is `multipart/form-data`: an `operations` part (the GraphQL request's JSON, null at
each file's path), a `map` part ({"0": ["variables.file"]}), then one part per file. File
bytes are never held: each file is hashed (SHA-256) and counted as it arrives, and the
operations get, at each mapped path, {"filename", "contentType", "size", "sha256"}.
"""

import hashlib
import json

CHUNK = 64 * 1024
FIELD_LIMIT = 4 * 1024 * 1024


class MultipartError(Exception):
    """A body that breaks multipart framing or the spec; the message says how."""


def boundary_of(content_type):
    """The boundary parameter of a multipart/form-data Content-Type, or None."""
    kind, _, params = (content_type or "").partition(";")
    if kind.strip().lower() != "multipart/form-data":
        return None
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name.strip().lower() == "boundary":
            return value.strip().strip('"') or None
    return None


class _Reader:
    """Reads at most `length` bytes of `stream`, with a lookahead buffer."""

    def __init__(self, stream, length):
        self.stream, self.left, self.buffer = stream, length, b""

    def fill(self):
        if self.left <= 0:
            return False
        data = self.stream.read(min(CHUNK, self.left))
        if not data:
            raise MultipartError("the body ended %d bytes early" % self.left)
        self.left -= len(data)
        self.buffer += data
        return True

    def line(self):
        while b"\r\n" not in self.buffer:
            if len(self.buffer) > 16384 or not self.fill():
                raise MultipartError("a part's header line does not end")
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        return line

    def until(self, delimiter, sink):
        """Feeds `sink` the bytes before `delimiter`, consuming the delimiter."""
        while True:
            at = self.buffer.find(delimiter)
            if at >= 0:
                sink(self.buffer[:at])
                self.buffer = self.buffer[at + len(delimiter):]
                return
            keep = len(delimiter) - 1
            if len(self.buffer) > keep:
                sink(self.buffer[:-keep] if keep else self.buffer)
                self.buffer = self.buffer[-keep:] if keep else b""
            if not self.fill():
                raise MultipartError("a part does not end with the boundary")

    def take(self, count):
        while len(self.buffer) < count:
            if not self.fill():
                raise MultipartError("the body ended inside a boundary")
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken


def _disposition(value):
    params = {}
    for item in value.split(";")[1:]:
        name, _, raw = item.strip().partition("=")
        params[name.strip().lower()] = raw.strip().strip('"')
    return params


def _headers(reader):
    headers = {}
    while True:
        line = reader.line()
        if not line:
            return headers
        name, _, value = line.decode("utf-8", "replace").partition(":")
        headers[name.strip().lower()] = value.strip()


def parse(stream, length, boundary):
    """The operations (a dict or a list) with each mapped path replaced by its file's summary,
    and the number of files. Raises MultipartError for a body the spec does not allow."""
    reader = _Reader(stream, length)
    reader.until(b"--" + boundary.encode(), lambda _: None)  # the preamble
    delimiter = b"\r\n--" + boundary.encode()
    fields, files, order = {}, {}, []
    while True:
        if reader.take(2) == b"--":
            break
        headers = _headers(reader)
        params = _disposition(headers.get("content-disposition", ""))
        name = params.get("name")
        if name is None:
            raise MultipartError("a part has no Content-Disposition name")
        order.append(name)
        if "filename" in params:
            digest, size = hashlib.sha256(), [0]

            def sink(data, digest=digest, size=size):
                digest.update(data)
                size[0] += len(data)

            reader.until(delimiter, sink)
            files[name] = {"filename": params["filename"], "contentType": headers.get("content-type", ""),
                           "size": size[0], "sha256": digest.hexdigest()}
        else:
            collected = []

            def keep(data, collected=collected):
                collected.append(data)
                if sum(len(c) for c in collected) > FIELD_LIMIT:
                    raise MultipartError("the %s part is over %d bytes" % (name, FIELD_LIMIT))

            reader.until(delimiter, keep)
            fields[name] = b"".join(collected)
    if order[:2] != ["operations", "map"]:
        raise MultipartError("the first parts must be operations, then map; got %s" % order[:2])
    try:
        operations = json.loads(fields["operations"])
        mapping = json.loads(fields["map"])
    except ValueError as e:
        raise MultipartError("operations or map is not JSON: %s" % e)
    if not isinstance(mapping, dict):
        raise MultipartError("map is not a JSON object")
    for key, paths in mapping.items():
        if key not in files:
            raise MultipartError("map names file %r, which the request does not hold" % key)
        for path in paths:
            operations = _place(operations, path.split("."), files[key])
    return operations, len(files)


def _place(value, path, file):
    if not path:
        if value is not None:
            raise MultipartError("the operations hold %r, not null, where a file goes" % (value,))
        return file
    head, rest = path[0], path[1:]
    if isinstance(value, list) and head.isdigit() and int(head) < len(value):
        value[int(head)] = _place(value[int(head)], rest, file)
    elif isinstance(value, dict) and head in value:
        value[head] = _place(value[head], rest, file)
    else:
        raise MultipartError("the path %s is not in the operations" % ".".join(path))
    return value
