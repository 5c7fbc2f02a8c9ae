// The floor every scenario is read against: a bare node:http server, in a process of its own,
// answering every request with the same 600-byte JSON body. What no route of the product can beat
// on this machine at this moment (the same load generator, the same cores, whatever else runs).
import http from 'node:http';

const body = Buffer.from(
  JSON.stringify({ floor: true, text: 'x'.repeat(600 - JSON.stringify({ floor: true, text: '' }).length) }),
);

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
