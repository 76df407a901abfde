import type { AddressInfo } from 'node:net';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';

/** One socket as the server sees it: the address the client asked for and what it sent. */
export interface Arrival {
  socket: ServerSocket;
  url: string;
  received: string[];
  /** Resolves at the next message the client sends. */
  nextMessage(): Promise<string>;
}

/**
 * A WebSocket server that plays the server's side of /api/ws by hand (real sockets, in this process): each
 * test decides what it sends, and whether a ping is ever answered.
 */
export class SocketServer {
  private readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  private readonly arrivals: Arrival[] = [];
  private readonly waiting: (() => void)[] = [];

  constructor() {
    this.server.on('connection', (socket, request) => {
      const received: string[] = [];
      const listeners: ((message: string) => void)[] = [];
      socket.on('message', (raw) => {
        received.push(String(raw));
        for (const listener of listeners.splice(0)) listener(String(raw));
      });
      const nextMessage = () => new Promise<string>((resolve) => listeners.push(resolve));
      this.arrivals.push({ socket, url: request.url ?? '', received, nextMessage });
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  get address(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/ws?token=t`;
  }

  /** The n-th socket opened (0 first), once it has. */
  async arrival(n: number): Promise<Arrival> {
    while (this.arrivals.length <= n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.arrivals[n] as Arrival;
  }

  close(): Promise<void> {
    for (const { socket } of this.arrivals) socket.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Sends one frame as the server would: JSON. */
export const send = (arrival: Arrival, message: unknown) => arrival.socket.send(JSON.stringify(message));
