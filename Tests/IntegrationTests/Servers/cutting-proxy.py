#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that forwards to TARGET_PORT and, after CUT_AFTER bytes
from the server, resets both connections (SO_LINGER 0): a connection that breaks in the
middle of a fetch or push. Bounded: it exits after LIFETIME seconds.
Usage: cutting-proxy.py LISTEN_PORT TARGET_PORT CUT_AFTER [LIFETIME]"""
import socket
import struct
import sys
import threading
import time

listen_port, target_port, cut_after = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
lifetime = float(sys.argv[4]) if len(sys.argv) > 4 else 60.0


def reset(sock):
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    except OSError:
        pass


def pump(source, destination, counter, limit, peers):
    try:
        while True:
            data = source.recv(4096)
            if not data:
                break
            if limit is not None:
                allowed = limit - counter[0]
                if allowed <= 0:
                    break
                data = data[:allowed]
                counter[0] += len(data)
            destination.sendall(data)
    except OSError:
        pass
    for peer in peers:
        reset(peer)


def serve(client):
    try:
        server = socket.create_connection(("127.0.0.1", target_port), timeout=5)
    except OSError:
        reset(client)
        return
    counter = [0]
    peers = (client, server)
    threading.Thread(target=pump, args=(client, server, [0], None, peers), daemon=True).start()
    threading.Thread(target=pump, args=(server, client, counter, cut_after, peers), daemon=True).start()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", listen_port))
listener.listen(16)
listener.settimeout(0.5)
deadline = time.time() + lifetime
while time.time() < deadline:
    try:
        connection, _ = listener.accept()
    except socket.timeout:
        continue
    serve(connection)
