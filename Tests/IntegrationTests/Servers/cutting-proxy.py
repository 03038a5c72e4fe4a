#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that forwards to TARGET_PORT and, after CUT_AFTER bytes
from the server (or, with DIRECTION "client", from the client: the middle of a pushed
pack), resets both connections (SO_LINGER 0): a connection that breaks in the middle of
a fetch or push. Each cut is logged as "cut after N bytes from the server|client" on
stdout, so a test can prove the transfer really was cut. Bounded: it exits after
LIFETIME seconds.
Usage: cutting-proxy.py LISTEN_PORT TARGET_PORT CUT_AFTER [LIFETIME] [DIRECTION]"""
import socket
import struct
import sys
import threading
import time

listen_port, target_port, cut_after = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
lifetime = float(sys.argv[4]) if len(sys.argv) > 4 else 60.0
direction = sys.argv[5] if len(sys.argv) > 5 else "server"


def reset(sock):
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    except OSError:
        pass


def pump(source, destination, counter, limit, peers, name):
    try:
        while True:
            data = source.recv(4096)
            if not data:
                break
            if limit is not None:
                allowed = limit - counter[0]
                if allowed <= 0:
                    print(f"cut after {counter[0]} bytes from the {name}", flush=True)
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
    client_limit = cut_after if direction == "client" else None
    server_limit = cut_after if direction == "server" else None
    threading.Thread(target=pump, args=(client, server, [0], client_limit, peers, "client"), daemon=True).start()
    threading.Thread(target=pump, args=(server, client, counter, server_limit, peers, "server"), daemon=True).start()


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
