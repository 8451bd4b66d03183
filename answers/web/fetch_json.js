// The JSON answer of one of the server's API routes (docs/server.md), for both pages (the
// explorer and the statistics): the parsed body, or an Error with the server's message.
async function getJson(path) {
  const response = await fetch(path);
  let body;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) throw new Error((body && body.error) || "HTTP " + response.status);
  return body;
}
