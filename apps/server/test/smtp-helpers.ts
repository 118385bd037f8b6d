import net from 'node:net';

/**
 * A small SMTP server for tests: keeps each mail's recipient and DATA, and answers 550 to a recipient in
 * `rejects` (a mailbox that does not exist), as a real server would.
 */
export function startSmtpServer(options: { rejects?: readonly string[] } = {}): Promise<{
  url: string;
  received: Array<{ to: string; data: string }>;
  close(): Promise<void>;
}> {
  const received: Array<{ to: string; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string | undefined;
    let to = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push({ to, data });
            data = undefined;
            socket.write('250 queued\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to = /<([^>]+)>/.exec(line)?.[1] ?? '';
          socket.write(options.rejects?.includes(to) ? '550 5.1.1 No such mailbox here\r\n' : '250 ok\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
