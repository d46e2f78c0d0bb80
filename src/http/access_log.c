/*
 * access_log.c - one line per request on stderr, and whom to believe about
 * the client's address: X-Forwarded-For only from a trusted proxy (the
 * ranges net.c parsed).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "http_internal.h"

void http_log_copy(char *out, size_t cap, const char *s, size_t len) {
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    bool escape = c < 0x20 || c > 0x7e || c == '"' || c == '\\';
    if (o + (escape ? 4 : 1) >= cap)
      break;
    if (escape)
      o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
    else
      out[o++] = (char)c;
  }
  out[o] = '\0';
}

static bool proxy_trusted(const struct http_server *srv, const char *addr) {
  return http_nets_contain(srv->proxies, srv->nproxies, addr);
}

/*
 * The client address for the log. X-Forwarded-For is believed only when the
 * peer is a trusted proxy (anyone else could write anything in it); then the
 * client is its rightmost entry that is not itself a trusted proxy, and the
 * line says which proxy it came through: "203.0.113.7 via 127.0.0.1".
 */
static void client_address(const struct http_server *srv, const char *peer,
                           const char *xff, char *out, size_t cap) {
  snprintf(out, cap, "%s", peer);
  if (xff == NULL || !proxy_trusted(srv, peer))
    return;
  const char *end = xff + strlen(xff);
  while (end > xff) {
    const char *start = end;
    while (start > xff && start[-1] != ',')
      start--;
    const char *a = start, *b = end;
    while (a < b && (*a == ' ' || *a == '\t'))
      a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
      b--;
    char hop[INET6_ADDRSTRLEN], canon[INET6_ADDRSTRLEN];
    size_t len = (size_t)(b - a);
    if (len == 0 || len >= sizeof hop)
      return; /* malformed: keep the peer */
    memcpy(hop, a, len);
    hop[len] = '\0';
    if (!http_addr_canonical(hop, canon, sizeof canon))
      return;
    if (!proxy_trusted(srv, canon) || start == xff) {
      snprintf(out, cap, "%s via %s", canon, peer);
      return;
    }
    end = start - 1;
  }
}

const char *http_client_name(struct http_request *req) {
  if (req->client_name[0] != '\0')
    return req->client_name;
  char addr[INET6_ADDRSTRLEN] = "-";
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(req->conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (ci != NULL && ci->client_addr != NULL) {
    const struct sockaddr *sa = ci->client_addr;
    if (sa->sa_family == AF_INET)
      inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr,
                sizeof addr);
    else if (sa->sa_family == AF_INET6)
      inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr,
                sizeof addr);
  }
  client_address(req->srv, addr, req->forwarded_for, req->client_name,
                 sizeof req->client_name);
  return req->client_name;
}

void http_log_request(struct http_request *req,
                      enum MHD_RequestTerminationCode toe) {
  const char *client = http_client_name(req);
  char status[8] = "-";
  if (req->replied)
    snprintf(status, sizeof status, "%d", req->status);
  static const char *const end[] = {
      [MHD_REQUEST_TERMINATED_COMPLETED_OK] = "",
      [MHD_REQUEST_TERMINATED_WITH_ERROR] = " error",
      [MHD_REQUEST_TERMINATED_TIMEOUT_REACHED] = " timeout",
      [MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN] = " shutdown",
      [MHD_REQUEST_TERMINATED_READ_ERROR] = " read-error",
      [MHD_REQUEST_TERMINATED_CLIENT_ABORT] = " client-abort",
  };
  const char *how =
      (unsigned)toe < sizeof end / sizeof end[0] && end[toe] != NULL ? end[toe]
                                                                     : " ?";
  /* One fprintf per line: stdio locks the stream, lines never mix. */
  fprintf(stderr, "%s \"%s %s\" %s %zuB %lluus id=%s%s\n", client,
          req->method_name, req->path, status, req->bytes,
          (unsigned long long)(http_now_us() - req->start_ns / 1000u), req->id,
          how);
}
